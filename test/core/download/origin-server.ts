import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small origin server for protocol cases the sandbox does not cover: servers without
 * range support, with only Last-Modified, with capped ranges, redirects, chunked bodies.
 * Each test configures it through `state`, which it may change between requests.
 */

export interface OriginState {
  body: Buffer;
  /** null = no ETag header. */
  etag: string | null;
  lastModified?: string;
  ranges: boolean;
  /** No Content-Length: a chunked body. */
  chunked: boolean;
  /** Serve at most this many bytes per range response (some CDNs do). */
  maxRangeBytes?: number;
  /** Destroy the socket after this many body bytes, for the next `resetTimes` responses. */
  resetAfter?: number;
  resetTimes?: number;
  /** Takes over a request entirely when it returns true. */
  handler?: (req: IncomingMessage, res: ServerResponse) => boolean;
}

export interface Origin {
  url: (path?: string) => string;
  state: OriginState;
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  /** TCP connections accepted so far (fewer than requests: keep-alive sockets were reused). */
  connections(): number;
  close(): Promise<void>;
}

function serve(state: OriginState, req: IncomingMessage, res: ServerResponse): void {
  const { body } = state;
  const headers: Record<string, string | number> = { 'content-type': 'application/octet-stream' };
  if (state.etag !== null) headers.etag = state.etag;
  if (state.lastModified !== undefined) headers['last-modified'] = state.lastModified;
  if (state.ranges) headers['accept-ranges'] = 'bytes';
  const ifRange = req.headers['if-range'];
  const current = ifRange === undefined || ifRange === state.etag || ifRange === state.lastModified;
  const match = state.ranges && current ? /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '') : null;
  let start = 0;
  let end = body.length;
  let status = 200;
  if (match) {
    start = Number(match[1]);
    end = match[2] === '' ? body.length : Math.min(body.length, Number(match[2]) + 1);
    if (start >= body.length) {
      res.writeHead(416, { 'content-range': `bytes */${body.length}` });
      return void res.end();
    }
    if (state.maxRangeBytes !== undefined) end = Math.min(end, start + state.maxRangeBytes);
    status = 206;
    headers['content-range'] = `bytes ${start}-${end - 1}/${body.length}`;
  }
  if (!state.chunked) headers['content-length'] = end - start;
  res.writeHead(status, headers);
  const slice = body.subarray(start, end);
  if (state.resetAfter !== undefined && (state.resetTimes ?? 0) > 0) {
    state.resetTimes = (state.resetTimes ?? 0) - 1;
    res.write(slice.subarray(0, state.resetAfter), () => setTimeout(() => res.socket?.resetAndDestroy(), 20));
    return;
  }
  res.end(slice);
}

export async function startOrigin(initial: Partial<OriginState> & { body: Buffer }): Promise<Origin> {
  const state: OriginState = { etag: '"v1"', ranges: true, chunked: false, ...initial };
  const requests: Origin['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ path: req.url ?? '', headers: req.headers });
    if (state.handler?.(req, res)) return;
    serve(state, req, res);
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/file.bin') => `http://127.0.0.1:${port}${path}`,
    state,
    requests,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Deterministic pseudo-random bytes. */
export function bytesOf(size: number, seed = 1): Buffer {
  const out = Buffer.alloc(size);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
