import { settingsSchema } from '../../../shared/settings';
import type { QualityPreference, Settings } from '../../../shared/settings';

/** A validation problem as an i18n key and its values, so each language says it its own way. */
export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: Problem };

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const problem = (key: string, values?: Problem['values']): Parsed<never> => ({ ok: false, problem: { key, ...(values ? { values } : {}) } });

export function parseServiceUrl(text: string): Parsed<string> {
  const parsed = settingsSchema.shape.serviceUrl.safeParse(text.trim());
  return parsed.success ? ok(parsed.data) : problem('settings.problems.url');
}

/** A whole number within the schema's bounds (concurrency, connections). */
export function parseCount(text: string, min: number, max: number): Parsed<number> {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? ok(value) : problem('settings.problems.range', { min, max });
}

const BYTES_PER_MB = 1_000_000;

/** The speed limit as typed, in MB/s (0 or empty = unlimited), to the bytes per second the engine keeps. */
export function parseSpeedLimit(text: string): Parsed<number> {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return ok(0);
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 && value <= 100_000 ? ok(Math.round(value * BYTES_PER_MB)) : problem('settings.problems.speed');
}

export const speedLimitText = (bytesPerSecond: number): string => (bytesPerSecond === 0 ? '' : String(bytesPerSecond / BYTES_PER_MB));

/** A list of language tags as typed ("en, pt-BR"), checked with the schema's own rule, tag by tag. */
export function parseLanguages(text: string, field: 'audioLanguages' | 'subtitleLanguages'): Parsed<string[]> {
  const tags = text
    .split(/[\s,;]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
  const unique = [...new Set(tags)];
  const schema = settingsSchema.shape[field];
  const bad = unique.find((tag) => !schema.element.safeParse(tag).success);
  if (bad !== undefined) return problem('settings.problems.languageTag', { tag: bad });
  const max = field === 'audioLanguages' ? 10 : 20;
  return unique.length <= max ? ok(unique) : problem('settings.problems.tooManyLanguages', { max });
}

/** A folder path as typed: empty (the default folder) or absolute on any desktop OS. */
export function parseFolder(text: string): Parsed<string> {
  const trimmed = text.trim();
  return trimmed === '' || trimmed.startsWith('/') || /^[A-Za-z]:[\\/]/.test(trimmed) || trimmed.startsWith('\\\\') ? ok(trimmed) : problem('settings.problems.absolutePath');
}

export const QUALITY_CHOICES = ['recommended', 'best', 'original', 2160, 1440, 1080, 720, 480, 360] as const satisfies readonly QualityPreference[];

export const qualityFromText = (text: string): QualityPreference => (/^\d+$/.test(text) ? Number(text) : (text as Exclude<QualityPreference, number>));

export type SettingName = keyof Settings;
