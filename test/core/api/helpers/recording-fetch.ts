/** One request as the client sent it: when, where, with which headers and body. */
export interface RecordedRequest {
  at: number;
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Real fetch, wrapped to record every request on the client side (for rate and paging checks). */
export function recordingFetch(): { fetch: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const wrapped: typeof fetch = (input, init) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    requests.push({ at: performance.now(), url: String(input), method: init?.method ?? 'GET', headers, body });
    return fetch(input, init);
  };
  return { fetch: wrapped, requests };
}
