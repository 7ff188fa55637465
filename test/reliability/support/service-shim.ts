import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/*
 * A service we control, in front of the sandbox: every request is forwarded unchanged
 * unless the test's handler answers it itself (a 429 storm, a body that breaks the spec,
 * a hostile media URL, a large item the catalog does not have). Charges still happen
 * in the sandbox, so its stats stay the ground truth of what was paid.
 */

export interface ShimRequest {
  method: string;
  /** e.g. /openapi/v1/extract/post */
  path: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body, or undefined (GET, or not JSON). */
  json: unknown;
  /** The link the request is about, when the body has one. */
  link: string | undefined;
  /** Sends the request on to the sandbox and returns its answer (JSON parsed when it is JSON). */
  forward(): Promise<ForwardedAnswer>;
}

export interface ForwardedAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
}

/** What the handler answers: a JSON body, raw text, a stall, or a cut connection. */
export type ShimAnswer =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; headers?: Record<string, string> }
  | { kind: 'hang' }
  | { kind: 'destroy' };

export type ShimHandler = (request: ShimRequest) => Promise<ShimAnswer | undefined> | ShimAnswer | undefined;

export interface ServiceShim {
  url: string;
  /** Requests seen, per path. */
  requests: Map<string, number>;
  setHandler(handler: ShimHandler | undefined): void;
  close(): Promise<void>;
}

const readAll = async (request: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
};

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

// Hop-by-hop and length headers are the server's own business.
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startServiceShim(target: string, initial?: ShimHandler): Promise<ServiceShim> {
  let handler = initial;
  const requests = new Map<string, number>();
  const sockets = new Set<Socket>();

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readAll(request);
    const path = request.url ?? '/';
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const json = body.length > 0 ? parseJson(body.toString('utf8')) : undefined;
    const link = typeof json === 'object' && json !== null && typeof (json as { url?: unknown }).url === 'string' ? (json as { url: string }).url : undefined;
    const forward = async (): Promise<ForwardedAnswer> => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && !DROPPED.has(entry[0])),
      );
      const forwarded = await fetch(`${target}${path}`, {
        method: request.method ?? 'GET',
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      const text = await forwarded.text();
      return { status: forwarded.status, headers: Object.fromEntries(forwarded.headers), text, json: parseJson(text) };
    };
    const chosen = (await handler?.({ method: request.method ?? 'GET', path, headers: request.headers, json, link, forward })) ?? (await forward());
    if ('kind' in chosen) {
      if (chosen.kind === 'destroy') response.socket?.destroy();
      // 'hang': answer nothing; the client's time-out (or close()) ends it.
      return;
    }
    const text = 'json' in chosen ? JSON.stringify(chosen.json) : chosen.text;
    const extra = Object.fromEntries(Object.entries(chosen.headers ?? {}).filter(([name]) => !DROPPED.has(name.toLowerCase())));
    response.writeHead(chosen.status, { 'content-type': 'application/json', ...extra, 'content-length': Buffer.byteLength(text) });
    response.end(text);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      // A broken test handler must show up, not hang the client.
      if (!response.headersSent) response.writeHead(599, { 'content-type': 'text/plain' });
      response.end(`shim failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setHandler(next) {
      handler = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
