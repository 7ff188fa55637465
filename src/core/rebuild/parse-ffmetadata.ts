/*
 * ffmpeg's own text form of a file's tags (`-f ffmetadata`): `;FFMETADATA1`, then `key=value`
 * lines for the file, then [STREAM] and [CHAPTER] sections. `=`, `;`, `#`, `\` and line
 * breaks inside a key or value are escaped with a backslash, so a value may span lines.
 */

/** The file-level tags (before the first section), keys in lower case (Matroska writes them in upper case). */
export function parseFfmetadata(text: string): Record<string, string> {
  const tags: Record<string, string> = {};
  let entry = '';
  const finish = (): void => {
    const split = unescapedEquals(entry);
    if (split > 0) tags[unescape(entry.slice(0, split)).toLowerCase()] = unescape(entry.slice(split + 1));
    entry = '';
  };
  for (const line of text.split('\n')) {
    if (entry === '' && (line.startsWith(';') || line.startsWith('#'))) continue;
    if (entry === '' && line.startsWith('[')) break;
    entry += line;
    // A line ending in an odd number of backslashes goes on: the break is part of the value.
    if (/(^|[^\\])(\\\\)*\\$/.test(line)) {
      entry = `${entry.slice(0, -1)}\n`;
      continue;
    }
    finish();
  }
  if (entry !== '') finish();
  return tags;
}

function unescapedEquals(entry: string): number {
  for (let at = 0; at < entry.length; at += 1) {
    if (entry[at] === '\\') at += 1;
    else if (entry[at] === '=') return at;
  }
  return -1;
}

const unescape = (text: string): string => text.replace(/\\(.)/gs, '$1');
