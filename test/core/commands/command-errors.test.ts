import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../../src/core';
import type { Core } from '../../../src/core';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';
import { createLibraryStore } from '../../../src/core/library';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import type { Post } from '../../../src/shared/post';
import type { ApiVersion } from '../../../src/shared/settings';

let sandbox: Sandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
  await sandbox.close();
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function engineOn(dataDir?: string, apiVersion: ApiVersion = 'v1'): Promise<Core> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'trove-commands-')));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const core = await createCore({ dataDir: dir, env: { TROVE_API_KEY: sandbox.keys[0] ?? '' }, settings: { serviceUrl: sandbox.url, apiVersion } });
  cleanups.push(() => core.close());
  return core;
}

/** A data dir whose library holds `post`; its library id. */
async function libraryWith(post: Post): Promise<{ dataDir: string; postId: number; library: ReturnType<typeof createLibraryStore>; close(): void }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'trove-commands-'));
  const opened = openDatabase(join(dataDir, 'trove.db'), { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  const library = createLibraryStore(opened.value, { now: Date.now });
  const upserted = library.upsertPosts([{ post }]);
  if (!upserted.ok) throw new Error(upserted.error.message);
  return { dataDir, postId: upserted.value[0]?.id ?? 0, library, close: () => closeDatabase(opened.value) };
}

describe('grab.resolve', () => {
  it('legacy (no site): a forced preview of a post already in the library names it, found by its post_url', async () => {
    const link = 'https://video.example/watch/known-legacy';
    const seeded = await libraryWith({ id: 'known-legacy', text: 'Known', post_url: link, medias: [] });
    seeded.close();
    const engine = await engineOn(seeded.dataDir, 'legacy');
    expect(await engine.call('grab.resolve', { url: link })).toMatchObject({ ok: true, value: { kind: 'duplicate', item: { id: seeded.postId } } });
    const forced = await engine.call('grab.resolve', { url: link, force: true });
    expect(forced).toMatchObject({ ok: true, value: { kind: 'post', charged: true, libraryId: seeded.postId } });
  });
});

describe('command handlers answer expected failures as data', () => {
  it('subtitles.cues: a saved subtitle file deleted from disk is file_missing, not an internal error', async () => {
    const { dataDir, postId, library, close } = await libraryWith({ id: 'p1', site: 'video.example', title: 'A clip', medias: [] });
    const subtitle = join(dataDir, 'clip.en.srt');
    await writeFile(subtitle, '1\n00:00:01,000 --> 00:00:02,000\nHello\n');
    library.addSubtitle({ postId, path: subtitle, size: 1, languageTag: 'en', format: 'srt' });
    close();
    const engine = await engineOn(dataDir);

    const source = { kind: 'library', postId, languageTag: 'en' } as const;
    expect(await engine.call('subtitles.cues', { source })).toMatchObject({ ok: true, value: [{ startMs: 1000, endMs: 2000, text: 'Hello' }] });
    await rm(subtitle);
    const answer = await engine.call('subtitles.cues', { source });
    expect(answer).toMatchObject({ ok: false, error: { code: 'file_missing', retryable: false } });
    expect(!answer.ok && answer.error.message).toContain(subtitle);
  });

  it('jobs.add: media items or variants the post does not have, or media on a whole playlist page, are refused before any job is queued', async () => {
    const engine = await engineOn();
    const post = await engine.call('grab.resolve', { url: 'https://photos.example/p/cmd-errors' });
    if (!post.ok || post.value.kind !== 'post') throw new Error(`expected a post, got ${JSON.stringify(post)}`);
    expect(post.value.post.medias).toHaveLength(3);
    const page = await engine.call('grab.resolve', { url: 'https://video.example/playlist/cmd-errors-2' });
    if (!page.ok || page.value.kind !== 'playlist') throw new Error(`expected a page, got ${JSON.stringify(page)}`);

    const refused: Array<{ kind: 'resolved'; resolutionId: string; media: Array<{ index: number; variant?: number }> }> = [
      { kind: 'resolved', resolutionId: post.value.resolutionId, media: [{ index: 0 }, { index: 3 }] },
      { kind: 'resolved', resolutionId: post.value.resolutionId, media: [] },
      { kind: 'resolved', resolutionId: post.value.resolutionId, media: [{ index: 1 }, { index: 1 }] },
      { kind: 'resolved', resolutionId: post.value.resolutionId, media: [{ index: 0, variant: 40 }] },
      { kind: 'resolved', resolutionId: page.value.resolutionId, media: [{ index: 0 }] },
    ];
    for (const source of refused) {
      expect(await engine.call('jobs.add', { source })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
    expect(await engine.call('jobs.list', {})).toEqual({ ok: true, value: [] });
    const chosen = await engine.call('jobs.add', { source: { kind: 'resolved', resolutionId: post.value.resolutionId, media: [{ index: 2 }] } });
    expect(chosen).toMatchObject({ ok: true, value: { jobIds: [expect.any(Number)] } });
  });
});
