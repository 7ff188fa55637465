import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedSubtitles } from '../../../src/core/media/embed-subtitles';
import { parseSrt } from '../../../src/core/subtitles';
import { probeFile, systemFfmpeg } from './system-ffmpeg';

let ffmpeg = '';

const ENGLISH_SRT = '1\n00:00:00,100 --> 00:00:00,600\nHello & welcome\n\n2\n00:00:00,600 --> 00:00:00,900\n<i>Two</i>\nlines\n';
// A second track in a format ffmpeg cannot read itself: it is converted on the way in.
const SPANISH_SRV3 = '<timedtext format="3"><body><p t="100" d="500">Hola</p><p t="600" d="300">Adi&#243;s</p></body></timedtext>';

let dir: string;

/** Tiny one-second samples (160×90, 10 fps), one per container, made with the real ffmpeg. */
const SAMPLE_ARGS: Record<string, string[]> = {
  mp4: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  mkv: ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
  webm: ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '100k'],
};

function makeVideo(name: string): string {
  const extension = name.split('.').pop() ?? '';
  const path = join(dir, name);
  const source = ['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10'];
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...source, ...(SAMPLE_ARGS[extension] ?? []), path]);
  return path;
}

function writeSidecars(base: string): { english: string; spanish: string } {
  const english = join(dir, `${base}.en.srt`);
  const spanish = join(dir, `${base}.es.srv3`);
  writeFileSync(english, ENGLISH_SRT);
  writeFileSync(spanish, SPANISH_SRV3);
  return { english, spanish };
}

/** Codec and language of each subtitle stream, as ffmpeg reads the file. */
const subtitleStreams = async (path: string): Promise<Array<[string, string | undefined]>> =>
  (await probeFile(path)).streams.filter((stream) => stream.type === 'subtitle').map((stream) => [stream.codec, stream.language]);

/** A checksum of the video packets: equal before and after means the video was copied, not re-encoded. */
const videoPacketsHash = (path: string): string =>
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', path, '-map', '0:v', '-c', 'copy', '-f', 'md5', '-'], { encoding: 'utf8' }).trim();

const fileHash = (path: string): string => createHash('sha256').update(readFileSync(path)).digest('hex');

/** The text of subtitle stream `index`, extracted by ffmpeg as SRT. */
const extractedSrt = (path: string, index: number): string =>
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-i', path, '-map', `0:s:${index}`, '-f', 'srt', '-'], { encoding: 'utf8' });

beforeAll(async () => {
  ffmpeg = await systemFfmpeg();
  dir = mkdtempSync(join(tmpdir(), 'trove-embed-test-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('embedSubtitles', () => {
  it.each([
    ['clip.mp4', 'mov_text'],
    ['clip.mkv', 'subrip'],
    ['clip.webm', 'webvtt'],
  ])('adds two soft tracks to %s as %s with their languages, copying the video', async (name, codec) => {
    const video = makeVideo(name);
    const { english, spanish } = writeSidecars(name);
    const packetsBefore = videoPacketsHash(video);

    const result = await embedSubtitles({
      ffmpegPath: ffmpeg,
      videoPath: video,
      tracks: [
        { path: english, languageTag: 'en-US', title: 'English' },
        { path: spanish, languageTag: 'es' },
      ],
    });

    expect(result).toEqual({ ok: true, value: { videoPath: video, subtitleStreams: 2 } });
    expect(await subtitleStreams(video)).toEqual([
      [codec, 'eng'],
      [codec, 'spa'],
    ]);
    expect(videoPacketsHash(video)).toBe(packetsBefore);
    const english0 = parseSrt(extractedSrt(video, 0));
    const spanish1 = parseSrt(extractedSrt(video, 1));
    expect(english0.ok && english0.value.map((cue) => cue.text)).toEqual(['Hello & welcome', 'Two\nlines']);
    expect(spanish1.ok && spanish1.value.map((cue) => [cue.startMs, cue.endMs, cue.text])).toEqual([
      [100, 600, 'Hola'],
      [600, 900, 'Adiós'],
    ]);
    // Sidecars stay, and no temp file is left beside the video.
    expect(existsSync(english) && existsSync(spanish)).toBe(true);
    expect(readdirSync(dir).filter((file) => file.includes('.embedding-'))).toEqual([]);
  });

  it('adds to the subtitle streams a video already has', async () => {
    const video = makeVideo('twice.mkv');
    const { english, spanish } = writeSidecars('twice.mkv');
    const french = join(dir, 'twice.fr.vtt');
    writeFileSync(french, 'WEBVTT\n\n00:00.100 --> 00:00.500\nBonjour\n');
    const first = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [{ path: english, languageTag: 'en' }, { path: spanish, languageTag: 'es' }] });
    expect(first.ok).toBe(true);

    const second = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [{ path: french, languageTag: 'fr-CA' }] });

    expect(second).toEqual({ ok: true, value: { videoPath: video, subtitleStreams: 3 } });
    expect((await subtitleStreams(video)).map(([, language]) => language)).toEqual(['eng', 'spa', 'fre']);
  });

  it('keeps the video untouched and the sidecars when a subtitle file is bad', async () => {
    const video = makeVideo('bad-subs.mp4');
    const broken = join(dir, 'bad-subs.en.srt');
    writeFileSync(broken, '1\n00:00:01,000 --> later\nHello\n');
    const before = fileHash(video);

    const result = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [{ path: broken, languageTag: 'en' }] });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ kind: 'embed', code: 'invalid_subtitles', sidecarsKept: true });
    expect(result.error.message).toBe(
      'Cannot embed "bad-subs.en.srt": Invalid SRT file at line 2: expected a timing line like "00:00:01,000 --> 00:00:02,500", ' +
        'found "00:00:01,000 --> later". The video is unchanged. The subtitle files are kept as separate files.',
    );
    expect(fileHash(video)).toBe(before);
    expect(existsSync(broken)).toBe(true);
  });

  it('keeps the original and says the sidecars are kept when ffmpeg cannot read the video', async () => {
    const video = join(dir, 'not-a-video.mp4');
    writeFileSync(video, 'this is not a video');
    const { english } = writeSidecars('not-a-video.mp4');

    const result = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [{ path: english, languageTag: 'en' }] });

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('embed_failed');
    expect(result.error.message).toMatch(/^Could not embed subtitles into "not-a-video.mp4": ffmpeg cannot read it: .+\. The video is unchanged\. The subtitle files are kept as separate files\.$/);
    expect(readFileSync(video, 'utf8')).toBe('this is not a video');
    expect(readdirSync(dir).filter((file) => file.includes('.embedding-'))).toEqual([]);
  });

  it('refuses containers it cannot put text subtitles in, a missing ffmpeg, bad input and a canceled signal', async () => {
    const video = makeVideo('cancel.mp4');
    const { english } = writeSidecars('cancel.mp4');
    const before = fileHash(video);
    const tracks = [{ path: english, languageTag: 'en' }];

    const avi = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: join(dir, 'clip.avi'), tracks });
    const missing = await embedSubtitles({ ffmpegPath: join(dir, 'no-such-ffmpeg'), videoPath: video, tracks });
    const noTracks = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks: [] });
    const canceled = await embedSubtitles({ ffmpegPath: ffmpeg, videoPath: video, tracks, signal: AbortSignal.abort() });

    expect(avi).toMatchObject({ ok: false, error: { code: 'unsupported_container' } });
    expect(missing).toMatchObject({ ok: false, error: { code: 'ffmpeg_not_found' } });
    expect(noTracks).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(canceled).toMatchObject({ ok: false, error: { code: 'canceled' } });
    expect(fileHash(video)).toBe(before);
  });
});
