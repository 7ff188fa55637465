import { parse } from 'node:path';

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
 * name without the extension is used.
 */
export function subtitleFileName(video: string, languageTag: string, extension: string): string {
  const base = parse(video).name;
  const ext = extension.replace(/^\./, '').replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  return `${base}.${sanitizeLanguageTag(languageTag)}.${ext}`;
}
