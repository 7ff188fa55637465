import type { SubtitleFormat } from '../../shared/subtitles';
import { ok, type Result } from '../../shared/errors';
import { parseSubtitles } from './parse-subtitles';
import type { SubtitleError } from './subtitle-error';
import { writeSrt } from './write-srt';
import { writeVtt } from './write-vtt';

/** What a user saves: SRT, WebVTT, or the file exactly as the service sent it. */
export type SubtitleTarget = 'srt' | 'vtt' | 'original';

export interface ConvertedSubtitles {
  bytes: Uint8Array;
  /** File extension without the dot: the target's, or the source format's for 'original'. */
  extension: string;
}

/** Subtitle bytes in `sourceFormat` turned into `target`; 'original' returns them unchanged. */
export function convertSubtitles(
  bytes: Uint8Array,
  sourceFormat: SubtitleFormat,
  target: SubtitleTarget,
): Result<ConvertedSubtitles, SubtitleError> {
  if (target === 'original') return ok({ bytes, extension: sourceFormat });
  const parsed = parseSubtitles(bytes, sourceFormat);
  if (!parsed.ok) return parsed;
  const text = target === 'srt' ? writeSrt(parsed.value) : writeVtt(parsed.value);
  return ok({ bytes: new TextEncoder().encode(text), extension: target });
}
