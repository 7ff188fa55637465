import { join } from 'node:path';
import { readdirSync, rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

/*
 * A rebuild of a large download folder takes a while: the user can stop it. What it read
 * before the stop is recorded (never thrown away), its report says it was stopped, and a
 * second run reads the rest. Real sandbox downloads, real engine and database.
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const POSTS = 8;

describe('stopping a library rebuild', () => {
  it('keeps what it read, says it stopped, and a second run continues', async () => {
    harness = await startHarness();
    const first = harness.core;
    // Image posts: each is an image and the sidecar the rebuild reads it by.
    for (let at = 0; at < POSTS; at++) value(await first.call('jobs.add', { source: { kind: 'link', url: `https://photos.example/p/stop-${at}` } }));
    await first.idle();
    expect(value(await first.call('library.search', { limit: 1 })).total).toBe(POSTS);
    await first.close();
    // The library is lost; the downloads are kept.
    for (const name of readdirSync(harness.dataDir)) if (join(harness.dataDir, name) !== harness.downloads) rmSync(join(harness.dataDir, name), { recursive: true, force: true });
    const core = await harness.restart();

    // Nothing running: nothing to stop.
    expect(value(await core.call('library.rebuildCancel', {}))).toEqual({ stopped: false });

    const stops: boolean[] = [];
    const off = core.on('library.rebuildProgress', (progress) => {
      if (progress.done === 2) void core.call('library.rebuildCancel', {}).then((answer) => stops.push(value(answer).stopped));
    });
    const stopped = value(await core.call('library.rebuild', {}));
    off();
    expect(stops).toEqual([true]);
    expect(stopped.stopped).toBe(true);
    expect(stopped.postsAdded).toBeGreaterThan(0);
    expect(stopped.postsAdded).toBeLessThan(POSTS);
    // Not every file was read, so none is called "not Trove's" or unreadable on a guess.
    expect(stopped.notTrove).toEqual([]);
    expect(stopped.unreadable).toEqual([]);
    expect(value(await core.call('library.search', { limit: 1 })).total).toBe(stopped.postsAdded);

    const rest = value(await core.call('library.rebuild', {}));
    expect(rest.stopped).toBeUndefined();
    expect(rest.postsFound).toBe(stopped.postsAdded);
    expect(rest.postsAdded).toBe(POSTS - stopped.postsAdded);
    expect(value(await core.call('library.search', { limit: 1 })).total).toBe(POSTS);
  });
});
