import http, { type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { DownloadFailure, fail, networkError } from './download-error';

export interface GetOptions {
  headers: Readonly<Record<string, string>>;
  signal: AbortSignal;
  /** Until the response headers arrive, per request (redirects each get their own). */
  requestTimeoutMs: number;
  maxRedirects: number;
}

export interface OpenResponse {
  response: IncomingMessage;
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
// Credentials meant for one origin are not handed to another one a redirect points at.
const ORIGIN_BOUND = new Set(['authorization', 'cookie', 'proxy-authorization']);

export const isHttpUrl = (url: URL): boolean => url.protocol === 'http:' || url.protocol === 'https:';

function requestOnce(url: URL, headers: OutgoingHttpHeaders, options: GetOptions): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, { method: 'GET', headers, signal: options.signal });
    const timer = setTimeout(() => {
      request.destroy(fail('network', `${url.host} did not answer within ${Math.round(options.requestTimeoutMs / 1000)} s.`));
    }, options.requestTimeoutMs);
    request.once('response', (response) => {
      clearTimeout(timer);
      // The body's reader sees errors through its iterator; this keeps an error that comes
      // before the reader starts (a cancel in between) from crashing the process.
      response.on('error', () => undefined);
      resolve(response);
    });
    // Stays attached: errors after the response (a reset mid-body) surface on the response stream.
    request.on('error', (error) => {
      clearTimeout(timer);
      if (options.signal.aborted) reject(fail('canceled', 'The download was canceled.'));
      else reject(error instanceof DownloadFailure ? error : new DownloadFailure(networkError(error, url.host)));
    });
    request.end();
  });
}

/** GET `url`, following up to `maxRedirects` http(s) redirects; the caller reads or destroys the body. */
export async function openGet(url: URL, options: GetOptions): Promise<OpenResponse> {
  let current = url;
  let headers: Record<string, string> = { ...options.headers };
  for (let redirects = 0; ; redirects++) {
    const response = await requestOnce(current, headers, options);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return { response, url: current };
    response.destroy();
    if (redirects >= options.maxRedirects) {
      throw fail('too_many_redirects', `The media host redirected more than ${options.maxRedirects} times.`);
    }
    const next = URL.canParse(location, current.href) ? new URL(location, current) : undefined;
    if (next === undefined || !isHttpUrl(next)) {
      throw fail('bad_media_url', `The media host redirected to an address that is not http or https: ${location.slice(0, 200)}`);
    }
    if (next.origin !== current.origin) {
      headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !ORIGIN_BOUND.has(name.toLowerCase())));
    }
    current = next;
  }
}
