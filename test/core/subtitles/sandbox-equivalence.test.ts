import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSubtitleFormat, decodeSubtitleBytes, parseSubtitles } from '../../../src/core/subtitles';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import { SUBTITLE_FORMATS, subtitleResultSchema, type Cue, type SubtitleResult } from '../../../src/shared/subtitles';
import { cuesOf } from './fixtures';

/*
 * The service's subtitle files, as the sandbox serves them: for each language, the cues
 * read from every one of the seven formats must be the same (times within 1 ms).
 */

let sandbox: Sandbox;
let result: SubtitleResult;

beforeAll(async () => {
  sandbox = await startSandbox();
  const response = await fetch(`${sandbox.url}/openapi/v1/extract/subtitles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.keys[0]}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: 'https://video.example/watch/subs-equivalence' }),
  });
  expect(response.status).toBe(200);
  result = subtitleResultSchema.parse(await response.json());
});

afterAll(async () => {
  await sandbox?.close();
});

async function download(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status, url).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
}

function expectSameCues(actual: Cue[], expected: Cue[], label: string): void {
  expect(actual.map((cue) => cue.text), label).toEqual(expected.map((cue) => cue.text));
  actual.forEach((cue, index) => {
    const reference = expected[index];
    expect(Math.abs(cue.startMs - (reference?.startMs ?? Number.NaN)), `${label} cue ${index + 1} start`).toBeLessThanOrEqual(1);
    expect(Math.abs(cue.endMs - (reference?.endMs ?? Number.NaN)), `${label} cue ${index + 1} end`).toBeLessThanOrEqual(1);
  });
}

describe('subtitles from the sandbox', () => {
  it('offer at least three languages, each in all seven formats', () => {
    expect(result.subtitles.length).toBeGreaterThanOrEqual(3);
    for (const track of result.subtitles) {
      expect(track.urls.map((url) => url.format).sort()).toEqual([...SUBTITLE_FORMATS].sort());
    }
  });

  it('parse to the same cues from every format, for every language', async () => {
    const byLanguage = new Map<string, Cue[]>();
    for (const track of result.subtitles) {
      const parsed = await Promise.all(
        track.urls.map(async ({ format, url }) => {
          const bytes = await download(url);
          expect(detectSubtitleFormat(decodeSubtitleBytes(bytes)), `${track.language_tag} ${format} sniffed`).toBe(format);
          return { format, cues: cuesOf(parseSubtitles(bytes, format)) };
        }),
      );
      const reference = parsed.find((entry) => entry.format === 'srt')?.cues ?? [];
      expect(reference.length, `${track.language_tag} srt cues`).toBeGreaterThan(0);
      for (const { format, cues } of parsed) expectSameCues(cues, reference, `${track.language_tag} ${format}`);
      byLanguage.set(track.language_tag, reference);
    }
    // Different languages really are different tracks.
    const texts = [...byLanguage.values()].map((cues) => cues.map((cue) => cue.text).join('|'));
    expect(new Set(texts).size).toBe(texts.length);
  });
});
