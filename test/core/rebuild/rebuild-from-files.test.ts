import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../src/core';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';
import { oldBundledFfmpeg } from '../media/system-ffmpeg';

/*
 * The library lost, then rebuilt from the files Trove wrote: a merged 1080p video, an
 * image post and a video with two subtitle tracks, downloaded from a real sandbox with real
 * ffmpeg. The rebuild reads only the files: the sandbox counts no new charge.
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const LINKS = {
  merged: 'https://video.example/watch/rebuild-merged',
  image: 'https://photos.example/p/rebuild-image',
  subtitled: 'https://video.example/watch/rebuild-subtitled',
};

interface Snapshot {
  caption: string;
  postUrl: string | null;
  site: string | null;
  mediaTypes: string[];
  files: string[];
  subtitles: Array<{ languageTag: string; format: string; path: string }>;
  hasPreview: boolean;
}

async function download(core: Core): Promise<void> {
  value(await core.call('jobs.add', { source: { kind: 'link', url: LINKS.merged }, options: { quality: 1080 } }));
  value(await core.call('jobs.add', { source: { kind: 'link', url: LINKS.image } }));
  value(await core.call('jobs.add', { source: { kind: 'link', url: LINKS.subtitled }, options: { subtitles: { languages: ['en', 'es'], format: 'srt', embed: false } } }));
  await core.idle();
  const jobs = value(await core.call('jobs.list', {}));
  expect(jobs.map((job) => job.state)).toEqual(['done', 'done', 'done']);
}

/** The library as a user sees it, by link: what must come back. */
async function snapshot(core: Core): Promise<Map<string, Snapshot>> {
  const { items } = value(await core.call('library.search', { limit: 100 }));
  const posts = new Map<string, Snapshot>();
  for (const item of items) {
    const detail = value(await core.call('library.get', { id: item.id }));
    posts.set(detail.postUrl ?? '', {
      caption: detail.caption,
      postUrl: detail.postUrl ?? null,
      site: detail.site ?? null,
      mediaTypes: detail.mediaTypes,
      files: detail.files.filter((file) => file.kind !== 'subtitle').map((file) => file.path).sort(),
      subtitles: detail.subtitles.map(({ languageTag, format, path }) => ({ languageTag, format, path })).sort((a, b) => a.path.localeCompare(b.path)),
      hasPreview: Boolean(detail.thumbnailPath && existsSync(detail.thumbnailPath)),
    });
  }
  return posts;
}

/** Everything in the data folder but the downloads (which a user keeps elsewhere): the database, the thumbnails, the settings. */
function deleteDataFolder(h: Harness): void {
  for (const name of readdirSync(h.dataDir)) if (join(h.dataDir, name) !== h.downloads) rmSync(join(h.dataDir, name), { recursive: true, force: true });
}

async function expectRestored(core: Core, before: Map<string, Snapshot>): Promise<void> {
  const after = await snapshot(core);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  for (const [link, post] of before) expect(after.get(link), link).toEqual(post);
  // Search finds the posts again by a word of their caption, the cues read from the restored subtitles, and what they say.
  const subtitled = [...after.values()].find((post) => post.subtitles.length > 0) as Snapshot;
  const word = subtitled.caption.split(/\s+/u).find((part) => /^\p{L}{4,}$/u.test(part)) as string;
  const found = value(await core.call('library.search', { query: word }));
  expect(found.items.map((item) => item.postUrl)).toContain(subtitled.postUrl);
  const postId = found.items.find((item) => item.postUrl === subtitled.postUrl)?.id as number;
  for (const { languageTag } of subtitled.subtitles) {
    const cues = value(await core.call('subtitles.cues', { source: { kind: 'library', postId, languageTag } }));
    expect(cues.length).toBeGreaterThan(0);
    // what was said is found again too: the restored tracks went through the writer that indexes cues
    const said = value(await core.call('library.said', { query: cues[0]?.text ?? '' }));
    expect(said.moments.some((moment) => moment.postId === postId && moment.language === languageTag)).toBe(true);
  }
}

const requestsBesidesBalance = (byEndpoint: Record<string, number>): number =>
  Object.entries(byEndpoint).reduce((sum, [endpoint, count]) => (endpoint.endsWith(' /credits') ? sum : sum + count), 0);

describe.skipIf(oldBundledFfmpeg !== undefined)(`rebuilding the library from its files${oldBundledFfmpeg ? ` — ${oldBundledFfmpeg}` : ''}`, () => {
  it('brings back posts, files, subtitles, previews and search after the data folder is deleted, for 0 credits; a second run adds nothing', async () => {
    harness = await startHarness();
    await download(harness.core);
    const before = await snapshot(harness.core);
    expect(before.size).toBe(3);
    // one merged video, three photos, one video and its two subtitles
    expect([...before.values()].flatMap((post) => post.files)).toHaveLength(5);
    expect([...before.values()].some((post) => post.subtitles.length === 2)).toBe(true);
    const charges = harness.sandbox.stats().charges.length;
    const requests = requestsBesidesBalance(harness.sandbox.stats().byEndpoint);
    await harness.core.close();

    deleteDataFolder(harness);
    const core = await harness.restart();
    expect(core.libraryNotice).toEqual({ kind: 'missing', downloadFolder: harness.downloads });
    const progress: Array<{ done: number; total: number }> = [];
    core.on('library.rebuildProgress', (step) => progress.push(step));
    const report = value(await core.call('library.rebuild', {}));
    expect(report).toMatchObject({ folders: [harness.downloads], postsAdded: 3, postsFound: 0, filesAdded: 5, filesMoved: 0, subtitlesAdded: 2, missing: [], notTrove: [], unreadable: [] });
    expect(progress.at(-1)).toEqual({ done: progress.at(-1)?.total, total: expect.any(Number) });
    expect(progress.length).toBeGreaterThan(2);
    await expectRestored(core, before);

    const again = value(await core.call('library.rebuild', {}));
    expect(again).toMatchObject({ postsAdded: 0, postsFound: 3, filesAdded: 0, filesMoved: 0, subtitlesAdded: 0, missing: [], notTrove: [] });
    await expectRestored(core, before);
    // Nothing was asked of the service: not a charge, not a request (the balance monitor's
    // own reads, timed by the monitor and not by the rebuild, are not the rebuild's).
    expect(harness.sandbox.stats().charges.length).toBe(charges);
    expect(requestsBesidesBalance(harness.sandbox.stats().byEndpoint)).toBe(requests);
  });

  it('moves a library cut to half its size aside, starts with an empty one and rebuilds it from the files', async () => {
    harness = await startHarness();
    await download(harness.core);
    const before = await snapshot(harness.core);
    const charges = harness.sandbox.stats().charges.length;
    await harness.core.close();

    const database = join(harness.dataDir, 'trove.db');
    const size = statSync(database).size;
    truncateSync(database, Math.floor(size / 2));
    const core = await harness.restart();
    expect(core.libraryNotice).toMatchObject({ kind: 'corrupt', movedTo: expect.stringMatching(/trove\.db\.corrupt-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/u) });
    const movedTo = core.libraryNotice?.kind === 'corrupt' ? core.libraryNotice.movedTo : '';
    // Never deleted: the damaged file is beside the new one, as it was.
    expect(statSync(movedTo).size).toBe(Math.floor(size / 2));
    expect(value(await core.call('app.info', {})).libraryNotice).toEqual(core.libraryNotice);
    expect(value(await core.call('library.search', {})).total).toBe(0);

    const report = value(await core.call('library.rebuild', {}));
    expect(report).toMatchObject({ postsAdded: 3, filesAdded: 5, subtitlesAdded: 2 });
    await expectRestored(core, before);
    expect(harness.sandbox.stats().charges.length).toBe(charges);
  });

  it('finds a moved file again by its link, keeps a deleted one as missing and lists files Trove did not write', async () => {
    harness = await startHarness();
    await download(harness.core);
    const before = await snapshot(harness.core);
    const merged = before.get(LINKS.merged) as Snapshot;
    const image = before.get(LINKS.image) as Snapshot;
    const elsewhere = join(harness.downloads, 'sorted', 'renamed by hand.mp4');
    mkdirSync(join(harness.downloads, 'sorted'));
    renameSync(merged.files[0] as string, elsewhere);
    rmSync(image.files[0] as string);
    const foreign = join(harness.downloads, 'notes.txt');
    writeFileSync(foreign, 'not a download');

    const report = value(await harness.core.call('library.rebuild', { folders: [harness.downloads] }));
    expect(report).toMatchObject({ postsAdded: 0, postsFound: 3, filesAdded: 0, filesMoved: 1, subtitlesAdded: 0, missing: [image.files[0]] });
    expect(report.notTrove).toEqual([foreign]);
    // The image's sidecar is still there: named, with why nothing was made of it.
    expect(report.unreadable).toEqual([{ path: expect.stringMatching(/\.json$/u), message: expect.stringContaining('is not beside it') }]);
    const after = await snapshot(harness.core);
    expect(after.get(LINKS.merged)?.files).toEqual([elsewhere]);
    // The gone image stays in the library, shown as missing, never silently dropped.
    const imagePost = value(await harness.core.call('library.search', { query: '' })).items.find((item) => item.postUrl === LINKS.image);
    const detail = value(await harness.core.call('library.get', { id: imagePost?.id as number }));
    expect(detail.files.map((file) => ({ path: file.path, exists: file.exists }))).toEqual(image.files.map((path, at) => ({ path, exists: at !== 0 })));
  });
});
