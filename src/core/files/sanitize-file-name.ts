import filenamify from 'filenamify';

/*
 * One file name, valid on Windows, macOS and Linux. filenamify covers the base rules
 * (reserved characters, Windows device names also with an extension, trailing dots and
 * spaces, "." and ".."); this module covers its gaps: it removes invisible and bidi
 * control characters instead of replacing them (an RTL override in a name is a spoofing
 * trick, not content), drops leading dots (hidden files) and lone surrogates, and caps the
 * name in UTF-8 bytes (file systems count bytes, filenamify counts UTF-16 units) without
 * splitting a grapheme, keeping a short extension intact.
 */

/** Room for `.part.json` and a ` (99)` suffix under the usual 255-byte limit. */
export const MAX_FILE_NAME_BYTES = 200;

const REPLACEMENT = '_';
const FALLBACK = 'untitled';

// Whitespace-like separators become a plain space.
const LINE_BREAKS = /[\t\n\r\v\f\u0085\u2028\u2029]+/gu;
// Control and format characters (bidi overrides, zero-width marks, BOM), except the
// zero-width joiner that emoji sequences need; plus the noncharacters U+FFF0..U+FFFF.
const INVISIBLE = /(?!\u200D)[\p{Cc}\p{Cf}\uFFF0-\uFFFF]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
const SPACES = /\s+/gu;
const LEADING_DOTS_AND_SPACES = /^[.\s]+/u;
const TRAILING_DOTS_AND_SPACES = /[.\s]+$/u;
// A short alphanumeric extension survives truncation; anything longer is just text.
const EXTENSION = /\.[\p{L}\p{N}]{1,10}$/u;

const encoder = new TextEncoder();
const byteLength = (text: string): number => encoder.encode(text).length;
let segmenter: Intl.Segmenter | undefined;

/** The longest prefix of `text` within `budget` UTF-8 bytes that ends on a grapheme boundary. */
export function truncateToBytes(text: string, budget: number): string {
  if (byteLength(text) <= budget) return text;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  let used = 0;
  let out = '';
  for (const { segment } of segmenter.segment(text)) {
    const size = byteLength(segment);
    if (used + size > budget) break;
    out += segment;
    used += size;
  }
  return out;
}

function removeInvisible(text: string): string {
  return text
    .normalize('NFC')
    .replace(LINE_BREAKS, ' ')
    .replace(LONE_SURROGATE, '')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ');
}

function fitBytes(name: string, maxBytes: number): string {
  if (byteLength(name) <= maxBytes) return name;
  const extension = EXTENSION.exec(name)?.[0] ?? '';
  const base = name.slice(0, name.length - extension.length);
  const kept = truncateToBytes(base, Math.max(0, maxBytes - byteLength(extension)));
  return kept.replace(TRAILING_DOTS_AND_SPACES, '') + extension;
}

function clean(name: string, maxBytes: number): string {
  const visible = removeInvisible(name).replace(LEADING_DOTS_AND_SPACES, '');
  // filenamify's own length cap counts UTF-16 units; ours (bytes) runs afterwards.
  const safe = filenamify(visible, { replacement: REPLACEMENT, maxLength: Number.MAX_SAFE_INTEGER });
  // Truncation can expose a trailing dot or a device name ("CON" + "…"): run the rules again.
  return filenamify(fitBytes(safe, maxBytes), { replacement: REPLACEMENT, maxLength: Number.MAX_SAFE_INTEGER })
    .replace(LEADING_DOTS_AND_SPACES, '');
}

export interface SanitizeOptions {
  /** Used when nothing usable is left (e.g. the post id); default "untitled". */
  fallback?: string;
  /** Default {@link MAX_FILE_NAME_BYTES}. */
  maxBytes?: number;
}

/** A safe single file name for any desktop OS; never empty, never a path. */
export function sanitizeFileName(name: string, options: SanitizeOptions = {}): string {
  const maxBytes = options.maxBytes ?? MAX_FILE_NAME_BYTES;
  const result = clean(name, maxBytes);
  if (isUsable(result)) return result;
  // Keep the extension of a name whose base vanished (".mp4" alone would be a hidden file).
  const extension = EXTENSION.exec(removeInvisible(name))?.[0] ?? '';
  const fallback = clean(`${options.fallback ?? ''}`, maxBytes);
  const base = isUsable(fallback) ? fallback : FALLBACK;
  return clean(`${base}${extension}`, maxBytes);
}

/** filenamify turns an empty or all-reserved name into just the replacement. */
function isUsable(name: string): boolean {
  return name.length > 0 && /[^_]/u.test(name) && !/^_?\.[^.]+$/u.test(name);
}
