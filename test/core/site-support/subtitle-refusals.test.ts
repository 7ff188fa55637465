import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * Grab offered "Subtitles…" and "Save subtitles" on sites the service had already refused.
 * Trove now learns from the service's own answers where subtitles cannot work, per site,
 * and keeps it in the library database. Real sandbox, real SQLite.
 */
describe('the sites where the service refuses subtitles', () => {
  it('are learned from a job and from a listing, kept across a restart, and only for site-wide refusals', async () => {
    harness = await startHarness();
    const { core } = harness;
    expect(value(await core.call('subtitles.refusals', {})).refusals).toEqual([]);

    // A job asking for subtitles on a site without any.
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://guarded.example/watch/learn' }, options: { subtitles: { languages: ['en'], format: 'srt', embed: false } } }));
    await core.idle();
    // A listing of a link that is no video: about the link, not the site.
    expect((await core.call('subtitles.list', { url: 'https://video.example/@someone' })).ok).toBe(false);
    // A listing that works.
    expect(value(await core.call('subtitles.list', { url: 'https://video.example/watch/has-subs' })).result.subtitles.length).toBeGreaterThan(0);

    const learned = value(await core.call('subtitles.refusals', {})).refusals;
    expect(learned).toEqual([{ site: 'guarded.example', code: 'unsupported_site', message: expect.stringMatching(/\S/), learnedAt: expect.any(Number) }]);

    await core.close();
    const again = await harness.restart();
    expect(value(await again.call('subtitles.refusals', {})).refusals).toEqual(learned);
  });

  it('are forgotten once a listing on the site works again', async () => {
    harness = await startHarness();
    const { core } = harness;
    expect((await core.call('subtitles.list', { url: 'https://error.example/unsupported_site' })).ok).toBe(false);
    expect(value(await core.call('subtitles.refusals', {})).refusals.map((refusal) => refusal.site)).toEqual(['error.example']);
    // error.example's flaky links answer like video.example once their failures are used up (none here).
    value(await core.call('subtitles.list', { url: 'https://error.example/flaky-0/works-now' }));
    expect(value(await core.call('subtitles.refusals', {})).refusals).toEqual([]);
  });
});
