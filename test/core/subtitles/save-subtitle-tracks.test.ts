import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSubtitles } from '../../../src/core/subtitles';
import type { FetchSubtitleBytes } from '../../../src/core/subtitles/save-subtitle-tracks';
import { saveSubtitleTracks } from '../../../src/core/subtitles/save-subtitle-tracks';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { subtitleResultSchema, type SubtitleResult } from '../../../src/shared/subtitles';
import { cuesOf } from './fixtures';

let sandbox: Sandbox;
let result: SubtitleResult;
let dir: string;

const fetchBytes: FetchSubtitleBytes = async (url) => {
  const response = await fetch(url);
  if (!response.ok) return { ok: false, error: { code: 'http_error', message: `HTTP ${response.status}` } };
  return { ok: true, value: new Uint8Array(await response.arrayBuffer()) };
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-save-subtitles-'));
  sandbox = await startSandbox();
  const response = await fetch(`${sandbox.url}/openapi/v1/extract/subtitles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.keys[0]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://video.example/watch/save-tracks' }),
  });
  result = subtitleResultSchema.parse(await response.json());
});

afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('saveSubtitleTracks', () => {
  it('saves the wanted languages beside the video, converted, and never overwrites a file', async () => {
    const tag = result.subtitles[0]?.language_tag ?? '';
    const request = { result, languageTags: [tag], target: 'srt' as const, folder: dir, videoName: 'Trip.mp4', fetchBytes };
    const first = await saveSubtitleTracks(request);
    const second = await saveSubtitleTracks(request);
    expect(first.failures).toEqual([]);
    expect(first.saved.map((saved) => saved.path)).toEqual([join(dir, `Trip.${tag}.srt`)]);
    expect(second.saved.map((saved) => saved.path)).toEqual([join(dir, `Trip.${tag} (1).srt`)]);
    const text = readFileSync(join(dir, `Trip.${tag}.srt`));
    expect(cuesOf(parseSubtitles(text, 'srt')).length).toBeGreaterThan(0);
    expect(first.saved[0]?.size).toBe(text.byteLength);
    // Readable like the video beside it: 0666 less the umask (0644 with the usual 022), not 0600.
    const umask = process.umask();
    expect(statSync(join(dir, `Trip.${tag}.srt`)).mode & 0o777).toBe(0o666 & ~umask);
  });

  it('two saves of the same track at once both land, under different names', async () => {
    const tag = result.subtitles[1]?.language_tag ?? '';
    const request = { result, languageTags: [tag], target: 'vtt' as const, folder: dir, videoName: 'Same.mp4', fetchBytes };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => saveSubtitleTracks(request)));
    expect(outcomes.flatMap((outcome) => outcome.failures)).toEqual([]);
    const paths = outcomes.flatMap((outcome) => outcome.saved.map((saved) => saved.path)).sort();
    const names = Array.from({ length: 8 }, (_, n) => (n === 0 ? `Same.${tag}.vtt` : `Same.${tag} (${n}).vtt`));
    expect(paths).toEqual(names.map((name) => join(dir, name)).sort());
    for (const path of paths) expect(cuesOf(parseSubtitles(readFileSync(path), 'vtt')).length).toBeGreaterThan(0);
  });

  it('reports a folder that cannot be created as a failure, not a thrown error', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const tag = result.subtitles[0]?.language_tag ?? '';
    const outcome = await saveSubtitleTracks({ result, languageTags: [tag], target: 'vtt', folder: join(blocker, 'subs'), videoName: 'Trip.mp4', fetchBytes });
    expect(outcome.saved).toEqual([]);
    expect(outcome.failures).toEqual([{ code: 'write_failed', message: expect.stringContaining(join(blocker, 'subs')) }]);
  });
});
