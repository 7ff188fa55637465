import type { z } from 'zod';
import { redactSecrets, redactSecretsDeep } from '../secrets';
import { apiError } from './api-error';
import type { ApiError, ApiErrorFields } from './api-error';
import { errorFromResponse } from './error-response';
import type { ErrorContext } from './error-response';
import type { Operation } from './operations';
import { readBody } from './read-body';
import { parseRetryAfter } from './retry-policy';

export interface AttemptRequest<T> extends ErrorContext {
  fetch: typeof fetch;
  operation: Operation<T>;
  requestUrl: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxBodyBytes: number;
  signal?: AbortSignal;
  nowMs: number;
  /** Redacted from every message, whatever the server or the network stack put in it. */
  apiKey: string;
}

export type AttemptOutcome<T> =
  | { ok: true; value: T; raw: unknown }
  | { ok: false; error: ApiError; charged: boolean; retryAfterMs?: number };

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
};

/** The first few problems, one line: enough to report, bounded however broken the body. */
const describeIssues = (issues: readonly z.core.$ZodIssue[], shown = 3): string => {
  const listed = issues.slice(0, shown).map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
  const more = issues.length > shown ? ` (and ${issues.length - shown} more)` : '';
  return `${listed.join('; ')}${more}`;
};

const causeOf = (error: unknown): string => {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
};

/** One HTTP exchange with the service, turned into a value or an ApiError. Never throws. */
export async function sendAttempt<T>(request: AttemptRequest<T>): Promise<AttemptOutcome<T>> {
  const { operation, endpoint, url, apiKey } = request;
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  let charged = false;

  // The server's message and detail may repeat what it was sent, the key included.
  const failWith = (error: ApiError): AttemptOutcome<T> => ({
    ok: false,
    charged,
    error: {
      ...error,
      message: redactSecrets(error.message, [apiKey]),
      ...(error.detail !== undefined && { detail: redactSecretsDeep(error.detail, [apiKey]) }),
    },
  });
  const fail = (fields: Omit<ApiErrorFields, 'endpoint'>): AttemptOutcome<T> =>
    failWith(apiError({ ...fields, endpoint, ...(url !== undefined && { url }) }));
  // Whether the caller gave up, our time-out fired, or the connection failed.
  const transportFailure = (error: unknown, status: number | null): AttemptOutcome<T> => {
    if (request.signal?.aborted) return fail({ status, code: 'canceled', retryable: false, message: 'The request was cancelled.' });
    if (timeout.aborted) {
      return fail({ status, code: 'timeout', retryable: true, message: `The service did not answer within ${request.timeoutMs} ms.` });
    }
    return fail({ status, code: 'network_error', retryable: true, message: `Could not reach the service: ${causeOf(error)}` });
  };

  let response: Response;
  try {
    response = await request.fetch(request.requestUrl, {
      method: operation.method,
      headers: request.headers,
      ...(request.body !== undefined && { body: request.body }),
      signal,
    });
  } catch (error) {
    return transportFailure(error, null);
  }
  const { status } = response;
  charged = status === 200 && operation.charged;

  let read;
  try {
    read = await readBody(response, request.maxBodyBytes);
  } catch (error) {
    return transportFailure(error, status);
  }
  if (!read.ok) {
    const limitMb = Math.round(request.maxBodyBytes / (1024 * 1024));
    return fail({ status, code: 'invalid_response', retryable: false, message: `The service's answer is larger than ${limitMb} MB.` });
  }
  const json = parseJson(read.text);

  if (status !== 200) {
    const error = errorFromResponse(status, json.ok ? json.value : undefined, request);
    const retryAfterMs = status === 429 ? parseRetryAfter(response.headers.get('retry-after'), request.nowMs) : undefined;
    return { ...failWith(error), ...(retryAfterMs !== undefined && { retryAfterMs }) };
  }
  if (!json.ok) return fail({ status, code: 'invalid_response', retryable: false, message: 'The service answered with a body that is not JSON.' });
  const parsed = operation.schema.safeParse(json.value);
  if (!parsed.success) {
    return fail({
      status,
      code: 'invalid_response',
      retryable: false,
      message: `The service's answer does not match the API: ${describeIssues(parsed.error.issues)}`,
      detail: parsed.error.issues,
    });
  }
  return { ok: true, value: parsed.data, raw: json.value };
}
