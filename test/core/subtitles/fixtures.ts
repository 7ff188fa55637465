import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Cue } from '../../../src/shared/subtitles';
import type { SubtitleError, SubtitleParseResult } from '../../../src/core/subtitles';

const FIXTURES = fileURLToPath(new URL('../../fixtures/subtitles/', import.meta.url));

/** A hand-written file from test/fixtures/subtitles, as bytes. */
export const fixtureBytes = (name: string): Uint8Array => readFileSync(`${FIXTURES}${name}`);

/** The same file as UTF-8 text. */
export const fixtureText = (name: string): string => readFileSync(`${FIXTURES}${name}`, 'utf8');

/** Cues written compactly: [startMs, endMs, text]. */
export const cues = (...rows: Array<[number, number, string]>): Cue[] =>
  rows.map(([startMs, endMs, text]) => ({ startMs, endMs, text }));

/** The cues of a result that must have succeeded (the error message otherwise). */
export function cuesOf(result: SubtitleParseResult): Cue[] {
  if (!result.ok) throw new Error(`expected cues, got: ${result.error.message}`);
  return result.value;
}

/** The error of a result that must have failed. */
export function errorOf(result: SubtitleParseResult): SubtitleError {
  if (result.ok) throw new Error(`expected an error, got ${result.value.length} cues`);
  return result.error;
}
