/*
 * Numbers, sizes, speeds, durations and dates for people, in the UI's locale (Intl does
 * the localization; nothing here hard-codes a separator or a unit name).
 */

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and a long list formats thousands of values: one per locale and options. */
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** Decimal units (1 MB = 1,000,000 bytes), as file managers on macOS and Linux show them. */
function scaled(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number] } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1000 && index < BYTE_UNITS.length - 1) {
    value /= 1000;
    index += 1;
  }
  return { value, unit: BYTE_UNITS[index] ?? 'byte' };
}

export function formatBytes(bytes: number, locale: string): string {
  const { value, unit } = scaled(bytes);
  return numberFormat(locale, {
    style: 'unit',
    unit,
    // "512B" rather than "512 byte"; larger units read well in their short form.
    unitDisplay: unit === 'byte' ? 'narrow' : 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

export function formatSpeed(bytesPerSecond: number, locale: string): string {
  const { value, unit } = scaled(bytesPerSecond);
  return numberFormat(locale, {
    style: 'unit',
    unit: `${unit}-per-second`,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 'byte' ? 0 : 1,
  }).format(value);
}

/** Media duration or time left as h:mm:ss / m:ss (the spec leaves the duration unit open; seconds assumed). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

export function formatCount(count: number, locale: string): string {
  return numberFormat(locale, { notation: count >= 10_000 ? 'compact' : 'standard', maximumFractionDigits: 1 }).format(count);
}

export function formatNumber(value: number, locale: string): string {
  return numberFormat(locale, {}).format(value);
}

/** A date from the service (ISO 8601) or a timestamp; unparsable input is shown as given. */
export function formatDate(value: string | number, locale: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
