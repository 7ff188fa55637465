/** A parsed `Content-Range` header; `end` is exclusive, `total` undefined for `/*`. */
export type ContentRange = { kind: 'range'; start: number; end: number; total: number | undefined } | { kind: 'unsatisfied'; total: number };

const RANGE = /^bytes\s+(\d+)-(\d+)\/(\d+|\*)$/i;
const UNSATISFIED = /^bytes\s+\*\/(\d+)$/i;

export function parseContentRange(header: string | undefined): ContentRange | undefined {
  const value = header?.trim() ?? '';
  const range = RANGE.exec(value);
  if (range) {
    const start = Number(range[1]);
    const end = Number(range[2]) + 1;
    const total = range[3] === '*' ? undefined : Number(range[3]);
    const valid = Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start && (total === undefined || (Number.isSafeInteger(total) && end <= total));
    return valid ? { kind: 'range', start, end, total } : undefined;
  }
  const unsatisfied = UNSATISFIED.exec(value);
  if (unsatisfied) {
    const total = Number(unsatisfied[1]);
    return Number.isSafeInteger(total) ? { kind: 'unsatisfied', total } : undefined;
  }
  return undefined;
}
