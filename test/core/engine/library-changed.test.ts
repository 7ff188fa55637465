import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core';
import type { LibraryChange } from '../../../src/shared/library';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Every library.changed a Core announces, and a wait for the first that matches. */
function changesOf(core: Core) {
  const seen: LibraryChange[] = [];
  core.on('library.changed', (change) => seen.push(change));
  return {
    seen,
    async until(matches: (change: LibraryChange) => boolean, timeoutMs = 10_000): Promise<LibraryChange> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = seen.find(matches);
        if (found) return found;
        if (Date.now() > end) throw new Error(`no matching library.changed; saw ${JSON.stringify(seen)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

describe('library.changed', () => {
  it('says which post a download added and recorded files for, and which one a removal took', async () => {
    harness = await startHarness();
    const { core } = harness;
    const changes = changesOf(core);
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/changed' } }));
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    const postId = job?.libraryPostId as number;
    await changes.until((change) => change.added.includes(postId));
    await changes.until((change) => change.files.includes(postId));

    value(await core.call('library.remove', { id: postId, deleteFiles: true }));
    const removal = await changes.until((change) => change.removed.length > 0);
    expect(removal).toEqual({ added: [], updated: [], removed: [postId], files: [], subtitles: [] });
  });

  it('reaches the app when another process on the same folder (the CLI) removes a post', async () => {
    harness = await startHarness();
    const app = harness.core;
    value(await app.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/removed-elsewhere' } }));
    await app.idle();
    const [job] = value(await app.call('jobs.list', {}));
    const postId = job?.libraryPostId as number;
    const appChanges = changesOf(app);

    // A second Core on the folder, as `trove rm` opens one: its own connection, no queue.
    const cli = await harness.restart({ startQueue: false, face: 'cli' });
    const cliChanges = changesOf(cli);
    value(await cli.call('library.remove', { id: postId, deleteFiles: false }));
    await cliChanges.until((change) => change.removed.includes(postId));

    const seenByApp = await appChanges.until((change) => change.removed.includes(postId));
    expect(seenByApp.removed).toEqual([postId]);
    expect((await app.call('library.get', { id: postId })).ok).toBe(false);
  });
});
