import type { Credits } from '../../shared/credits';
import type { PlaylistPage, Post } from '../../shared/post';
import type { ApiVersion } from '../../shared/settings';
import type { SubtitleResult } from '../../shared/subtitles';
import { apiError } from './api-error';
import type { ApiErrorFields } from './api-error';
import type { ApiResult } from './api-result';
import { OPERATIONS, authHeader } from './operations';
import type { Operation } from './operations';
import { sharedRateLimiter } from './rate-limiter-registry';
import type { RateLimiter } from './rate-limiter';
import { MAX_BODY_BYTES } from './read-body';
import { DEFAULT_RETRY, decideRetry } from './retry-policy';
import type { RetryOptions } from './retry-policy';
import { sendAttempt } from './send-attempt';
import { realSleep, systemClock } from './timing';
import type { Clock, Sleep } from './timing';

export interface ServiceClientOptions {
  /** e.g. https://api.example.com (the /openapi paths are added). */
  baseUrl: string;
  apiVersion: ApiVersion;
  /** Sent as Accept-Language: the service localizes its error messages. */
  language?: string;
  fetch?: typeof fetch;
  clock?: Clock;
  sleep?: Sleep;
  /** For backoff jitter; Math.random unless a test fixes it. */
  random?: () => number;
  /** Asked before every call, so a new key applies at once. */
  getKey: () => Promise<string | undefined>;
  /** Per attempt, until the whole body is read. */
  timeoutMs?: number;
  retry?: Partial<RetryOptions>;
  /** Normally the process-wide limiter of the key; injectable for tests. */
  rateLimiter?: RateLimiter;
  maxBodyBytes?: number;
  /** Told of every 402 (out of credits): the balance the user sees is then wrong. */
  onOutOfCredits?: () => void;
  /**
   * Told when a charged call goes out and when it is over (however it ended): prices are
   * learned between such calls. `ready` is awaited first (the engine's first balance read).
   */
  chargedCalls?: { ready?(): Promise<void>; started(): void; ended(): void };
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface ServiceClient {
  readonly apiVersion: ApiVersion;
  extractPost(url: string, options?: CallOptions): Promise<ApiResult<Post>>;
  /** One page; `cursor` is the previous page's `next_cursor`, passed back unchanged. */
  extractPlaylist(url: string, cursor?: string, options?: CallOptions): Promise<ApiResult<PlaylistPage>>;
  extractSubtitles(url: string, options?: CallOptions): Promise<ApiResult<SubtitleResult>>;
  credits(options?: CallOptions): Promise<ApiResult<Credits>>;
  /** Every page in order; stops after the page with has_more false, or after a failed one. */
  pages(url: string, options?: CallOptions): AsyncGenerator<ApiResult<PlaylistPage>, void, undefined>;
}

export const DEFAULT_TIMEOUT_MS = 60_000;

/** Visible ASCII only: what a header carries as it is, and v1 needs exactly one space, after `Bearer`. */
const SENDABLE_KEY = /^[\x21-\x7e]+$/;

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const { apiVersion, getKey, clock = systemClock, sleep = realSleep, random = Math.random } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const retry: RetryOptions = { ...DEFAULT_RETRY, ...options.retry };
  const operations = OPERATIONS[apiVersion];

  async function call<T>(operation: Operation<T>, body: Record<string, string> | undefined, signal?: AbortSignal): Promise<ApiResult<T>> {
    const watch = operation.charged ? options.chargedCalls : undefined;
    await watch?.ready?.();
    watch?.started();
    try {
      return await send(operation, body, signal);
    } finally {
      watch?.ended();
    }
  }

  async function send<T>(operation: Operation<T>, body: Record<string, string> | undefined, signal?: AbortSignal): Promise<ApiResult<T>> {
    const endpoint = `${operation.method} ${operation.path}`;
    const context = { endpoint, ...(body?.url !== undefined && { url: body.url }) };
    const failure = (fields: Omit<ApiErrorFields, 'endpoint' | 'url'>): ApiResult<T> => ({
      ok: false,
      charged: false,
      error: apiError({ ...context, ...fields }),
    });

    let apiKey: string | undefined;
    try {
      apiKey = (await getKey())?.trim();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return failure({ status: null, code: 'key_unavailable', retryable: false, message: `The API key could not be read: ${reason}` });
    }
    if (!apiKey) {
      return failure({
        status: null,
        code: 'unauthorized',
        retryable: false,
        message: 'No API key is set. Add your key in Settings, or set the TROVE_API_KEY environment variable.',
      });
    }
    // fetch refuses such a header before sending: without this it would look like a network failure, retried.
    if (!SENDABLE_KEY.test(apiKey)) {
      return failure({
        status: null,
        code: 'unauthorized',
        retryable: false,
        message: 'The API key contains characters an API key never has (spaces, line breaks or non-ASCII letters). Copy it again from the developer console.',
      });
    }
    const limiter = options.rateLimiter ?? sharedRateLimiter(apiKey, apiVersion);
    const aborted = (): ApiResult<T> => failure({ status: null, code: 'canceled', retryable: false, message: 'The request was cancelled.' });
    const headers = {
      accept: 'application/json',
      ...authHeader(apiVersion, apiKey),
      ...(options.language !== undefined && { 'accept-language': options.language }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    };

    for (let attempt = 1; ; attempt++) {
      const slot = await limiter.acquire(signal);
      if (slot === undefined) return aborted();
      const outcome = await sendAttempt({
        fetch: fetchImpl,
        operation,
        requestUrl: `${baseUrl}${operation.path}`,
        headers,
        ...(body !== undefined && { body: JSON.stringify(body) }),
        timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        maxBodyBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
        ...(signal !== undefined && { signal }),
        nowMs: clock.now(),
        apiKey,
        version: apiVersion,
        ...context,
      }).finally(() => slot.release());
      if (outcome.ok) return { ok: true, value: outcome.value, charged: operation.charged, raw: outcome.raw };
      if (outcome.error.status === 429) limiter.penalize(outcome.retryAfterMs);
      if (outcome.error.code === 'out_of_credits') options.onOutOfCredits?.();
      const decision = decideRetry({ ...outcome, attempt }, retry, random);
      if (decision.action === 'stop') return { ok: false, error: outcome.error, charged: outcome.charged };
      try {
        await sleep(decision.delayMs, signal);
      } catch {
        return aborted();
      }
    }
  }

  const client: ServiceClient = {
    apiVersion,
    extractPost: (url, callOptions) => call(operations.post, { url }, callOptions?.signal),
    extractPlaylist: (url, cursor, callOptions) =>
      // The spec omits the cursor for the first page; "" (the last page's next_cursor) is no cursor.
      call(operations.playlist, cursor === undefined || cursor === '' ? { url } : { url, cursor }, callOptions?.signal),
    extractSubtitles: (url, callOptions) => call(operations.subtitles, { url }, callOptions?.signal),
    credits: (callOptions) => call(operations.credits, undefined, callOptions?.signal),
    async *pages(url, callOptions) {
      let cursor: string | undefined;
      for (;;) {
        const page = await client.extractPlaylist(url, cursor, callOptions);
        yield page;
        if (!page.ok || !page.value.has_more) return;
        cursor = page.value.next_cursor;
      }
    },
  };
  return client;
}
