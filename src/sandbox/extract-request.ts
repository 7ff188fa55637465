import { z } from 'zod';
import { err, ok, type Result } from '../shared/errors';
import type { ValidationIssue } from './errors';

/** Missing fields and wrong types get FastAPI-style messages, as the real service's 422s do. */
const stringField = (): z.ZodString =>
  z.string({ error: (issue) => (issue.input === undefined ? 'Field required' : 'Input should be a valid string') });

const extractRequestSchema = z.object(
  { url: stringField(), cursor: stringField().optional() },
  { error: 'Input should be a valid JSON object' },
);
export type ExtractRequest = z.infer<typeof extractRequestSchema>;

/** Parses and validates an extraction body; the issues become the 422 `detail`. */
export function parseExtractRequest(text: string | undefined): Result<ExtractRequest, ValidationIssue[]> {
  if (text === undefined) return err([{ loc: ['body'], msg: 'Request body is too large', type: 'too_large' }]);
  if (text.trim() === '') return err([{ loc: ['body'], msg: 'Field required', type: 'missing' }]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err([{ loc: ['body'], msg: `JSON decode error: ${(error as Error).message}`, type: 'json_invalid' }]);
  }
  const parsed = extractRequestSchema.safeParse(json, { reportInput: true });
  if (parsed.success) return ok(parsed.data);
  return err(
    parsed.error.issues.map((issue) => ({
      loc: ['body', ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))],
      msg: issue.message,
      type: issue.input === undefined ? 'missing' : `${issue.code === 'invalid_type' ? issue.expected : issue.code}_type`,
    })),
  );
}
