import { existsSync, readFileSync, statSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { probe, startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('subtitles through the engine', () => {
  it('fetches subtitles only for a post already in the library: one charged call, cues, saved SRT, embedded track', async () => {
    harness = await startHarness();
    const { core, sandbox } = harness;
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/subbed' } }));
    await core.idle();
    const [item] = value(await core.call('library.search', {})).items;
    const postId = item?.id as number;
    const chargesBefore = sandbox.stats().charges.length;

    const listed = value(await core.call('subtitles.list', { postId }));
    expect(sandbox.stats().charges.length).toBe(chargesBefore + 1);
    expect(listed.result.subtitles.length).toBeGreaterThanOrEqual(3);
    const tag = listed.result.subtitles[0]?.language_tag as string;

    const cues = value(await core.call('subtitles.cues', { source: { kind: 'resolution', resolutionId: listed.resolutionId, languageTag: tag } }));
    expect(cues.length).toBeGreaterThan(0);
    expect(cues.every((cue) => cue.endMs > cue.startMs)).toBe(true);

    const saved = value(
      await core.call('subtitles.save', { resolutionId: listed.resolutionId, languageTags: [tag], format: 'srt', postId, embed: true }),
    );
    expect(saved.paths).toHaveLength(1);
    const srt = readFileSync(saved.paths[0] as string, 'utf8');
    expect(srt).toMatch(/^1\r?\n\d{2}:\d{2}:\d{2},\d{3} --> /u);
    expect(saved.embedError).toBeUndefined();
    expect((await probe(saved.embeddedInto as string)).subtitle).toEqual(['mov_text']);
    // Listing, reading and saving cost one call; the video was not downloaded again.
    expect(sandbox.stats().charges.length).toBe(chargesBefore + 1);

    const detail = value(await core.call('library.get', { id: postId }));
    expect(detail.hasSubtitles).toBe(true);
    expect(detail.subtitles.map((subtitle) => subtitle.languageTag)).toEqual([tag]);
    // The embedded track made the video bigger: the library shows its size now, not the one before.
    const video = detail.files.find((file) => file.kind === 'video');
    expect(video?.size).toBe(statSync(saved.embeddedInto as string).size);
    expect(detail.totalSize).toBe(detail.files.reduce((sum, file) => sum + file.size, 0));
    const fromLibrary = value(await core.call('subtitles.cues', { source: { kind: 'library', postId, languageTag: tag } }));
    expect(fromLibrary.map((cue) => cue.text)).toEqual(cues.map((cue) => cue.text));

    // saved through Subtitles → Save, the track is searchable at once: its last cue is a moment of this post
    const last = cues.at(-1);
    const said = value(await core.call('library.said', { query: last?.text ?? '' }));
    expect(said.moments[0]).toMatchObject({ postId, language: tag, startMs: last?.startMs, text: last?.text });
  });

  it('knows a link to a downloaded video is that library post, by its link or by the site and id the answer names', async () => {
    harness = await startHarness();
    const { core } = harness;
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/known' } }));
    await core.idle();
    const postId = value(await core.call('library.search', {})).items[0]?.id;
    expect(postId).toBeDefined();
    expect(value(await core.call('subtitles.list', { url: 'https://video.example/watch/known' })).postId).toBe(postId);
    // a share link is another link, but the same video
    expect(value(await core.call('subtitles.list', { url: 'https://video.example/watch/known?share=e2e' })).postId).toBe(postId);
    expect(value(await core.call('subtitles.list', { url: 'https://video.example/watch/unknown' })).postId).toBeUndefined();
  });

  it('saves the chosen languages beside the video when a download asks for subtitles', async () => {
    harness = await startHarness();
    const { core } = harness;
    value(
      await core.call('jobs.add', {
        source: { kind: 'link', url: 'https://video.example/watch/with-subs' },
        options: { subtitles: { languages: ['en', 'es'], format: 'vtt', embed: false } },
      }),
    );
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    const detail = value(await core.call('library.get', { id: job?.libraryPostId as number }));
    expect(detail.subtitles.map((subtitle) => subtitle.format)).toEqual(['vtt', 'vtt']);
    expect(job?.files.filter((file) => file.endsWith('.vtt'))).toEqual(detail.subtitles.map((subtitle) => subtitle.path));
    for (const subtitle of detail.subtitles) {
      expect(existsSync(subtitle.path)).toBe(true);
      expect(readFileSync(subtitle.path, 'utf8').startsWith('WEBVTT')).toBe(true);
    }
  });

  it('refuses subtitles for a platform the service does not support, without a charge', async () => {
    harness = await startHarness();
    const answer = await harness.core.call('subtitles.list', { url: 'https://photos.example/p/nosubs' });
    expect(answer).toMatchObject({ ok: false, error: { code: 'unsupported_site' } });
    expect(harness.sandbox.stats().charges).toEqual([]);
  });
});
