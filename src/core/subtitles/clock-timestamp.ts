/**
 * `[hh:]mm:ss[.,]fff` as SRT and WebVTT write it. Tolerant of what real files contain:
 * a comma or a dot, one to nine fraction digits, single-digit fields, hours over 99.
 * Returns milliseconds, or undefined when the text is not a timestamp.
 */
export function parseClockTimestamp(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{1,2})(?:[.,](\d{1,9}))?$/.exec(text.trim());
  if (!match) return undefined;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  if (Number(minutes) > 59 || Number(seconds) > 59) return undefined;
  const ms = (Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000;
  return ms + Math.round(Number(`0.${fraction}`) * 1000);
}

/** `hh:mm:ss<separator>mmm`, the form both SRT (`,`) and WebVTT (`.`) writers use. */
export function formatClockTimestamp(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${separator}${pad(total % 1000, 3)}`;
}
