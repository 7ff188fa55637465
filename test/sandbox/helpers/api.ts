import type { Sandbox } from '../../../src/sandbox';
import { pace } from './sandbox';

export type Version = 'v1' | 'legacy';
export type ExtractEndpoint = 'post' | 'playlist' | 'subtitles';

export interface ApiResponse {
  status: number;
  headers: Headers;
  json: unknown;
}

export interface CallOptions {
  /** The key to present in the version's header; null sends no key. Default: the first key. */
  key?: string | null;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON.stringify(payload). */
  rawBody?: string;
}

export const prefix = (version: Version): string => (version === 'v1' ? '/openapi/v1' : '/openapi');

function authHeaders(version: Version, key: string | null): Record<string, string> {
  if (key === null) return {};
  return version === 'v1' ? { authorization: `Bearer ${key}` } : { 'x-api-key': key };
}

async function send(sandbox: Sandbox, version: Version, method: string, path: string, body: string | undefined, options: CallOptions): Promise<ApiResponse> {
  pace(sandbox);
  const key = options.key === undefined ? (sandbox.keys[0] ?? null) : options.key;
  const res = await fetch(`${sandbox.url}${prefix(version)}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...authHeaders(version, key), ...options.headers },
    body,
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text === '' ? undefined : JSON.parse(text) };
}

/** POST /extract/<endpoint> with a JSON payload. */
export const extract = (sandbox: Sandbox, version: Version, endpoint: ExtractEndpoint, payload: unknown, options: CallOptions = {}): Promise<ApiResponse> =>
  send(sandbox, version, 'POST', `/extract/${endpoint}`, options.rawBody ?? JSON.stringify(payload), options);

/** GET /credits (v1) or /available-credits (legacy). */
export const credits = (sandbox: Sandbox, version: Version, options: CallOptions = {}): Promise<ApiResponse> =>
  send(sandbox, version, 'GET', version === 'v1' ? '/credits' : '/available-credits', undefined, options);

/** Any request under the version's prefix. */
export const request = (sandbox: Sandbox, version: Version, method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> =>
  send(sandbox, version, method, path, options.rawBody, options);
