import path from 'node:path';

/*
 * An independent statement of what a portable file name is, written from the platforms'
 * documentation rather than from the sanitizer, so the tests can judge its output.
 *   Windows: no <>:"/\|?* or U+0000..U+001F, no trailing dot or space, not a device name
 *            (CON, PRN, AUX, NUL, COM0-9, LPT0-9, COM¹²³, LPT¹²³, CONIN$, CONOUT$),
 *            also not followed by an extension.
 *   macOS:   no ":" or "/", at most 255 UTF-8 bytes.
 *   Linux:   no "/" or NUL, not "." or "..", at most 255 bytes.
 * Ours on top: no control, format or bidi characters, no leading dot, at most 200 bytes.
 */
const DEVICE = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

export function portabilityProblems(name: string): string[] {
  const problems: string[] = [];
  if (name.length === 0) problems.push('empty');
  if (name === '.' || name === '..') problems.push('dot name');
  // eslint-disable-next-line no-control-regex -- control characters are what this line looks for
  if (/[<>:"/\\|?*\u0000-\u001f]/.test(name)) problems.push('reserved character');
  if (/[\p{Cc}\p{Cf}]/u.test(name.replaceAll('\u200d', ''))) problems.push('control or format character');
  if (/[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/.test(name)) problems.push('bidi mark');
  if (/[. ]$/.test(name)) problems.push('trailing dot or space');
  if (name.startsWith('.')) problems.push('leading dot');
  if (DEVICE.test((name.split('.')[0] ?? '').trimEnd())) problems.push('windows device name');
  if (Buffer.byteLength(name, 'utf8') > 200) problems.push('longer than 200 bytes');
  if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(name)) problems.push('lone surrogate');
  if (name !== name.normalize('NFC')) problems.push('not NFC');
  if (path.posix.basename(name) !== name || path.win32.basename(name) !== name) problems.push('not a single segment');
  return problems;
}
