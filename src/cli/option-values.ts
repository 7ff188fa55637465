import { InvalidArgumentError } from 'commander';
import { qualityPreferenceSchema, settingsSchema } from '../shared/settings';
import type { QualityPreference } from '../shared/settings';

/*
 * Parsers for option values, in commander's argParser shape: they return the typed value
 * or throw InvalidArgumentError, which the parser reports as a usage error (exit 2).
 * Validation reuses the shared schemas so the CLI accepts exactly what the engine does.
 */

export function parseQuality(value: string): QualityPreference {
  const word = value.trim().toLowerCase();
  const candidate = /^\d+p?$/.test(word) ? Number.parseInt(word, 10) : word;
  const parsed = qualityPreferenceSchema.safeParse(candidate);
  if (!parsed.success) throw new InvalidArgumentError('Use best, original or a height such as 720 (144 to 8640).');
  return parsed.data;
}

/** A comma-separated list of language tags such as `en,pt-BR`. */
export function parseLanguageList(value: string): string[] {
  const tags = value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  const parsed = settingsSchema.shape.subtitleLanguages.safeParse(tags);
  if (!parsed.success || tags.length === 0) {
    throw new InvalidArgumentError('Use language tags separated by commas, such as en or en,pt-BR.');
  }
  return parsed.data;
}

function parseWholeNumber(value: string, min: 0 | 1): number {
  const number = /^\d+$/.test(value.trim()) ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < min) throw new InvalidArgumentError(`Use a whole number of ${min} or more.`);
  return number;
}

export const parsePositiveInteger = (value: string): number => parseWholeNumber(value, 1);

export const parseNonNegativeInteger = (value: string): number => parseWholeNumber(value, 0);

export function parsePort(value: string): number {
  const number = /^\d+$/.test(value.trim()) ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isInteger(number) || number > 65_535) throw new InvalidArgumentError('Use a port from 0 to 65535.');
  return number;
}

export function parseServiceUrl(value: string): string {
  const parsed = settingsSchema.shape.serviceUrl.safeParse(value.trim());
  if (!parsed.success) throw new InvalidArgumentError('Use an http:// or https:// address, such as http://127.0.0.1:8787.');
  return parsed.data;
}

/** A folder or a cursor: an empty one would silently mean the working directory or the first page. */
export function parseNonEmpty(value: string): string {
  if (value.trim() === '') throw new InvalidArgumentError('It cannot be empty.');
  return value;
}
