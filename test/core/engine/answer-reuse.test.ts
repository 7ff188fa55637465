import { afterEach, describe, expect, it } from 'vitest';
import { POST_ANSWER_GOOD_MS } from '../../../src/core/jobs/answer-reuse';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** A core whose clock the test moves; the sandbox counts every charge. */
async function withClock() {
  let clock = Date.now();
  harness = await startHarness({ core: { now: () => clock } });
  const { core, sandbox } = harness;
  return {
    core,
    charges: () => sandbox.stats().charges.length,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const VIDEO = 'https://video.example/watch/with-subs';

describe('a preview already answered', () => {
  it('is shown again free while its links are good, by normalized link, and still downloads', async () => {
    const { core, charges, advance } = await withClock();
    const first = value(await core.call('grab.resolve', { url: VIDEO }));
    expect(first.kind).toBe('post');
    expect(charges()).toBe(1);

    advance(POST_ANSWER_GOOD_MS - 1_000);
    // The same link written differently (case of the host, a trailing slash, a fragment).
    const again = value(await core.call('grab.resolve', { url: 'https://VIDEO.example/watch/with-subs/#t=3' }));
    expect(charges()).toBe(1);
    if (again.kind !== 'post' || first.kind !== 'post') throw new Error('expected posts');
    expect(again.charged).toBe(false);
    expect(again.reusedFrom).toBeTypeOf('number');
    expect(again.post).toEqual(first.post);
    expect(again.resolutionId).not.toBe(first.resolutionId);

    // The reused answer's resolution is a real one: a download from it pays nothing more.
    value(await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: again.resolutionId } }));
    await core.idle();
    expect(value(await core.call('jobs.list', {})).map((job) => job.state)).toEqual(['done']);
    expect(charges()).toBe(1);
  });

  it('is asked for again (charged) once its links may have expired', async () => {
    const { core, charges, advance } = await withClock();
    value(await core.call('grab.resolve', { url: 'https://photos.example/p/reuse-expiry' }));
    advance(POST_ANSWER_GOOD_MS + 1);
    const later = value(await core.call('grab.resolve', { url: 'https://photos.example/p/reuse-expiry' }));
    expect(charges()).toBe(2);
    expect(later.kind === 'post' && later.charged && later.reusedFrom === undefined).toBe(true);
  });

  it('"check again" charges exactly once and replaces the remembered answer', async () => {
    const { core, charges, advance } = await withClock();
    value(await core.call('grab.resolve', { url: VIDEO }));
    advance(60_000);
    const rechecked = value(await core.call('grab.resolve', { url: VIDEO, recheck: true }));
    expect(charges()).toBe(2);
    expect(rechecked.kind === 'post' && rechecked.charged && rechecked.reusedFrom === undefined).toBe(true);

    // The window now runs from the recheck: nearly a full window later it is still free.
    advance(POST_ANSWER_GOOD_MS - 1_000);
    const shown = value(await core.call('grab.resolve', { url: VIDEO }));
    expect(charges()).toBe(2);
    expect(shown.kind === 'post' && shown.reusedFrom).toBeTruthy();
  });
});

describe('a subtitle listing already answered', () => {
  it('is shown again free for the whole session, and its tracks can still be saved', async () => {
    const { core, charges, advance } = await withClock();
    const first = value(await core.call('subtitles.list', { url: VIDEO }));
    expect(first.charged).toBe(true);
    expect(charges()).toBe(1);

    advance(6 * 60 * 60_000);
    const again = value(await core.call('subtitles.list', { url: `${VIDEO}/` }));
    expect(charges()).toBe(1);
    expect(again.charged).toBe(false);
    expect(again.reusedFrom).toBeTypeOf('number');
    expect(again.result).toEqual(first.result);

    const tag = again.result.subtitles[0]?.language_tag as string;
    const saved = value(await core.call('subtitles.save', { resolutionId: again.resolutionId, languageTags: [tag], format: 'srt' }));
    expect(saved.paths).toHaveLength(1);
    expect(charges()).toBe(1);
  });

  it('"check again" charges exactly once, and the next listing reuses the new answer', async () => {
    const { core, charges } = await withClock();
    value(await core.call('subtitles.list', { url: VIDEO }));
    const rechecked = value(await core.call('subtitles.list', { url: VIDEO, recheck: true }));
    expect(charges()).toBe(2);
    expect(rechecked.charged).toBe(true);
    expect(rechecked.reusedFrom).toBeUndefined();
    const shown = value(await core.call('subtitles.list', { url: VIDEO }));
    expect(charges()).toBe(2);
    expect(shown.reusedFrom).toBeTypeOf('number');
  });

  it('is not shared across engine lifetimes: a restarted engine pays again', async () => {
    const { core, charges } = await withClock();
    value(await core.call('subtitles.list', { url: VIDEO }));
    const restarted = await (harness as Harness).restart();
    const listed = value(await restarted.call('subtitles.list', { url: VIDEO }));
    expect(charges()).toBe(2);
    expect(listed.charged).toBe(true);
  });
});
