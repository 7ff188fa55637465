import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { networkInterfaces } from 'node:os';
import { WebSocket } from 'ws';

/*
 * Raw clients for the web-mode server: every header (Host, Origin, Cookie) and the source
 * address are the test's choice, and every byte that comes back is kept for inspection.
 */

export interface HttpReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface ClientOptions {
  port: number;
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  /** The address the connection comes from (a non-loopback one of this machine, for the remote check). */
  localAddress?: string;
  /** Where to connect; default 127.0.0.1. */
  host?: string;
  /** Send no Host header at all (Node adds one otherwise). */
  omitHost?: boolean;
}

export function httpRequest(options: ClientOptions): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: options.host ?? '127.0.0.1',
        port: options.port,
        path: options.path ?? '/',
        method: options.method ?? 'GET',
        headers: options.headers ?? {},
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        ...(options.omitHost ? { setHost: false } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** An open socket, or the HTTP status (0: connection failed) the upgrade was refused with. */
export function openSocket(options: ClientOptions): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://${options.host ?? '127.0.0.1'}:${options.port}${options.path ?? '/ws'}`, {
      headers: options.headers ?? {},
      ...(options.localAddress ? { localAddress: options.localAddress } : {}),
    });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

/** Sends one message and resolves with the reply to it (events are skipped, but recorded by `frames`). */
export function exchange(ws: WebSocket, message: unknown): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer): void => {
      const parsed = JSON.parse(data.toString()) as Record<string, unknown>;
      if ('event' in parsed) return;
      ws.off('message', onMessage);
      resolve(parsed);
    };
    ws.on('message', onMessage);
    ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

/** Every text frame the server sends on `ws`, as received. */
export function recordFrames(ws: WebSocket): string[] {
  const frames: string[] = [];
  ws.on('message', (data: Buffer) => frames.push(data.toString()));
  return frames;
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
export function nonLoopbackAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const address of addresses ?? []) if (address.family === 'IPv4' && !address.internal) return address.address;
  }
  return undefined;
}

/** The `name=value` of the token cookie a login answer set. */
export const cookieFrom = (reply: HttpReply): string => String(reply.headers['set-cookie']?.[0] ?? '').split(';')[0] ?? '';
