import { basename } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('jobs.add with the choices made on previews', () => {
  it('downloads only the images picked on a photo post, as one job', async () => {
    harness = await startHarness();
    const core = harness.core;
    const grabbed = value(await core.call('grab.resolve', { url: 'https://photos.example/p/picked' }));
    if (grabbed.kind !== 'post') throw new Error('expected a post');
    expect(grabbed.post.medias.map((media) => media.media_type)).toEqual(['image', 'image', 'image']);
    const { jobIds } = value(await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: grabbed.resolutionId, media: [{ index: 0 }, { index: 2 }] } }));
    expect(jobIds).toHaveLength(1);
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    expect(job?.files.map((file) => basename(file))).toEqual([expect.stringMatching(/-1\]\.\w+$/u), expect.stringMatching(/-3\]\.\w+$/u)]);
    const detail = value(await core.call('library.get', { id: job?.libraryPostId ?? -1 }));
    expect(detail.files.map((file) => file.mediaIndex)).toEqual([0, 2]);
  });

  it('downloads the variant chosen on the preview, whatever the quality setting says', async () => {
    harness = await startHarness();
    const core = harness.core;
    // The quality goes into the file name, so the file says which variant came down.
    value(await core.call('settings.update', { preferredQuality: 'best', fileNameTemplate: '{id} {quality}' }));
    const grabbed = value(await core.call('grab.resolve', { url: 'https://video.example/watch/picked-variant' }));
    if (grabbed.kind !== 'post') throw new Error('expected a post');
    const variants = grabbed.post.medias[0]?.variants ?? [];
    const lowest = variants.reduce((low, variant, index) => (variant.quality < (variants[low]?.quality ?? Infinity) ? index : low), 0);
    value(await core.call('jobs.add', { source: { kind: 'resolved', resolutionId: grabbed.resolutionId, media: [{ index: 0, variant: lowest }] } }));
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(variants.length).toBeGreaterThan(1);
    expect(job?.files.map((file) => basename(file))).toEqual([`picked-variant ${variants[lowest]?.quality_label ?? '?'}.mp4`]);
  });

  it('queues posts picked on two pages of a playlist in one call, one job per post', async () => {
    harness = await startHarness();
    const core = harness.core;
    const first = value(await core.call('grab.resolve', { url: 'https://video.example/playlist/picked-30' }));
    if (first.kind !== 'playlist' || !first.page.has_more || !first.page.next_cursor) throw new Error('expected a first page with more');
    const second = value(await core.call('grab.resolve', { url: 'https://video.example/playlist/picked-30', cursor: first.page.next_cursor }));
    if (second.kind !== 'playlist') throw new Error('expected a second page');
    const { jobIds } = value(
      await core.call('jobs.add', {
        source: {
          kind: 'posts',
          picks: [
            { resolutionId: first.resolutionId, postIndex: 1 },
            { resolutionId: second.resolutionId, postIndex: 0 },
          ],
        },
      }),
    );
    expect(jobIds).toHaveLength(2);
    const jobs = value(await core.call('jobs.list', {}));
    expect(jobs.map((job) => job.url)).toEqual([first.page.posts[1]?.post_url, second.page.posts[0]?.post_url]);
    // A pick that names a post the page does not have queues nothing at all.
    const refused = await core.call('jobs.add', { source: { kind: 'posts', picks: [{ resolutionId: first.resolutionId, postIndex: 0 }, { resolutionId: second.resolutionId, postIndex: 99 }] } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(value(await core.call('jobs.list', {}))).toHaveLength(2);
    await core.idle();
  });
});
