import { describe, expect, it } from 'vitest';
import { parseSubtitles } from '../../src/core/subtitles';
import { subtitleResultSchema, type Cue } from '../../src/shared/subtitles';
import { extract } from './helpers/api';
import { useSandbox } from './helpers/sandbox';

const sandbox = useSandbox();

const CONTENT_TYPES: Record<string, RegExp> = {
  srt: /^application\/x-subrip/,
  vtt: /^text\/vtt/,
  ttml: /^application\/ttml\+xml/,
  json3: /^application\/json/,
  srv1: /^text\/xml/,
  srv2: /^text\/xml/,
  srv3: /^text\/xml/,
};

describe('subtitle files', () => {
  it('every language reads as the same cues from each of the seven formats', async () => {
    const result = subtitleResultSchema.parse((await extract(sandbox(), 'v1', 'subtitles', { url: 'https://video.example/watch/cc' })).json);
    const languages = new Set<string>();
    for (const track of result.subtitles) {
      const parsed: Array<{ format: string; cues: Cue[] }> = [];
      for (const { format, url } of track.urls) {
        const res = await fetch(url);
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(CONTENT_TYPES[format] ?? /^$/);
        const cues = parseSubtitles(await res.text(), format);
        if (!cues.ok) throw new Error(`${track.language_tag} ${format}: ${cues.error.message}`);
        parsed.push({ format, cues: cues.value });
      }
      const [reference] = parsed;
      expect(reference?.cues.length).toBeGreaterThanOrEqual(3);
      expect(reference?.cues.some((cue) => cue.text.includes('\n'))).toBe(true);
      for (const { format, cues } of parsed) expect(cues, `${track.language_tag} ${format}`).toEqual(reference?.cues);
      languages.add(JSON.stringify(reference?.cues));
    }
    // Each language has its own text.
    expect(languages.size).toBe(result.subtitles.length);
  });

  it('keeps characters that need escaping intact in every format', async () => {
    const result = subtitleResultSchema.parse((await extract(sandbox(), 'v1', 'subtitles', { url: 'https://video.example/watch/amp' })).json);
    const english = result.subtitles.find((t) => t.language_tag.startsWith('en'));
    for (const { format, url } of english?.urls ?? []) {
      const cues = parseSubtitles(await (await fetch(url)).text(), format);
      expect(cues.ok && cues.value.map((c) => c.text).join(' '), format).toMatch(/&.*"sample".*That's/s);
    }
  });
});
