export type CsvValue = string | number | null | undefined;

/** Characters that make a spreadsheet read a text cell as a formula (OWASP: CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 cell. Text that would start a formula gets a leading single quote, so a
 * link or name from the internet cannot run in the user's spreadsheet; numbers are our
 * own values and are written as they are (a negative number stays a number).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** RFC 4180: comma-separated cells, CRLF after every record, the header first. */
export const toCsv = (header: readonly string[], rows: ReadonlyArray<readonly CsvValue[]>): string =>
  [header, ...rows].map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
