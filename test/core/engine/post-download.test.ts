import { existsSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { probe, startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('a post from link to library', () => {
  it.each(['v1', 'legacy'] as const)('previews a video, downloads 1080p as a merged file and finds it in the library (%s)', async (apiVersion) => {
    harness = await startHarness({ apiVersion });
    const { core, sandbox } = harness;
    const grabbed = value(await core.call('grab.resolve', { url: 'https://video.example/watch/merge-me' }));
    expect(grabbed.kind).toBe('post');
    if (grabbed.kind !== 'post') return;
    expect(grabbed.charged).toBe(true);

    const { jobIds } = value(await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: grabbed.resolutionId }, options: { quality: 1080 } }));
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job).toMatchObject({ id: jobIds[0], state: 'done' });
    const file = job?.files[0] as string;
    expect(existsSync(file)).toBe(true);
    const streams = await probe(file);
    expect(streams.video).toHaveLength(1);
    expect(streams.audio).toHaveLength(1);
    // The downloaded streams are gone after a verified merge; no .part files are left.
    expect(readdirSync(harness.downloads).filter((name) => /\.(part|json)$|\.video\.|\.audio\./u.test(name))).toEqual([]);
    // Preview and download cost one extraction, not two.
    expect(sandbox.stats().charges.length).toBe(1);

    const found = value(await core.call('library.search', { query: 'merge' }));
    const caption = grabbed.post.title ?? grabbed.post.text ?? '';
    const word = caption.split(/\s+/u).find((part) => part.length > 3) as string;
    const byWord = value(await core.call('library.search', { query: word }));
    expect(byWord.total).toBeGreaterThanOrEqual(1);
    expect(found.items.length + byWord.items.length).toBeGreaterThan(0);
    const detail = value(await core.call('library.get', { id: byWord.items[0]?.id as number }));
    expect(detail.files.map((entry) => entry.path)).toContain(file);
    expect(detail.thumbnailPath && existsSync(detail.thumbnailPath)).toBeTruthy();
  });

  it('recognises a post already in the library before any charged call', async () => {
    harness = await startHarness();
    const { core, sandbox } = harness;
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://photos.example/p/once' } }));
    await core.idle();
    expect(sandbox.stats().charges.length).toBe(1);
    const again = value(await core.call('grab.resolve', { url: 'https://photos.example/p/once' }));
    expect(again.kind).toBe('duplicate');
    const added = await core.call('jobs.add', { source: { kind: 'link', url: 'https://photos.example/p/once' } });
    expect(added).toMatchObject({ ok: false, error: { code: 'duplicate' } });
    expect(sandbox.stats().charges.length).toBe(1);
  });

  it('shows the localized server message and code for an error link, without a charge', async () => {
    harness = await startHarness();
    await harness.core.call('settings.update', { language: 'de' });
    const failed = await harness.core.call('grab.resolve', { url: 'https://error.example/private_content' });
    expect(failed.ok).toBe(false);
    if (failed.ok) return;
    expect(failed.error.code).toBe('private_content');
    expect(failed.error.retryable).toBe(false);
    expect(failed.error.message).not.toMatch(/private content/iu);
    expect(harness.sandbox.stats().charges).toEqual([]);
  });
});
