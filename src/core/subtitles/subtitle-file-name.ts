import { parse } from 'node:path';
import { truncateToBytes } from '../files';

/** BCP 47 (RFC 5646 §4.4.1): tags of up to 35 characters must be supported; the service may send longer. */
const MAX_TAG_LENGTH = 35;
/** As the sanitizer caps names, leaving room for temp-file suffixes under 255 bytes. */
const MAX_NAME_BYTES = 200;

/**
 * A language tag reduced to the characters BCP 47 allows (letters, digits, hyphens):
 * `en_US` → `en-US`, `pt-BR ` → `pt-BR`, `../x` → `x`; nothing left → `und`.
 */
export function sanitizeLanguageTag(tag: string): string {
  const clean = tag
    .replace(/_/g, '-')
    .replace(/[^A-Za-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-|-$/g, '');
  return clean === '' ? 'und' : clean;
}

/**
 * `<video base name>.<language tag>.<ext>`, the name players pick up next to the video
 * (`Trip.mp4` → `Trip.en-US.srt`). `video` may be a file name or a path; only its base
 * name without the extension is used, shortened when the whole would pass 200 bytes.
 */
export function subtitleFileName(video: string, languageTag: string, extension: string): string {
  const ext = extension.replace(/^\./, '').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  const tag = sanitizeLanguageTag(languageTag).slice(0, MAX_TAG_LENGTH).replace(/-$/, '');
  const suffix = `.${tag}.${ext}`;
  // The video's part gives way, so the language and the extension always survive.
  const base = truncateToBytes(parse(video).name, MAX_NAME_BYTES - Buffer.byteLength(suffix));
  return `${base}${suffix}`;
}
