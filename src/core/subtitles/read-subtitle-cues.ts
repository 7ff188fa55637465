import { readFileSync } from 'node:fs';
import type { Cue } from '../../shared/subtitles';
import { subtitleFormatSchema } from '../../shared/subtitles';
import { parseSubtitles } from './parse-subtitles';

/**
 * The cues of a saved subtitle file, for the said index. Read synchronously because the
 * library's writes are (subtitle files are tens of kilobytes). A file that cannot be read
 * or parsed gives no cues: the track is still recorded, it is just not searchable.
 */
export function readSubtitleCues(path: string, format: string): Cue[] {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(path);
  } catch {
    return [];
  }
  const parsed = parseSubtitles(bytes, subtitleFormatSchema.safeParse(format).data);
  return parsed.ok ? parsed.value : [];
}
