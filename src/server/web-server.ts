import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Core } from '../core/core-api';
import { fileResponse } from '../node-shared/media/file-response';
import { mediaRoots } from '../node-shared/media/media-roots';
import { resolveMediaPath, resolveStaticPath } from '../node-shared/media/resolve-media-path';
import type { MediaPathError } from '../node-shared/media/resolve-media-path';
import { checkRequest, isLoopbackAddress, tokenCookie } from './request-gate';
import type { GateConfig, GateVerdict, RequestParts } from './request-gate';
import { contentSecurityPolicy, remoteImageSources } from '../node-shared/security/content-security-policy';
import { BINARY_REPLY, replyTo } from './socket-messages';
import type { ServerEvent } from './socket-messages';

export interface WebServerOptions {
  core: Core;
  /** 0 picks a free port. */
  port: number;
  /** Default 127.0.0.1. Any other value (set with --host) also lets other machines connect. */
  host?: string;
  /** Default: 32 random bytes, generated at start. */
  token?: string;
  /** The built renderer (out/renderer). */
  staticDir: string;
  /** Where downloads go when the settings name no folder (the Core's `defaultDownloadFolder`). */
  defaultDownloadFolder?: string;
}

export interface WebServer {
  /** The address to open, token included (printed at start, like Jupyter). */
  url: string;
  origin: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

export const SOCKET_PATH = '/ws';
export const MEDIA_PREFIX = '/media';
const MAX_MESSAGE_BYTES = 1024 * 1024;

// The page that makes a navigation from another site this site's own (request-gate.ts). A
// real reload, not a meta refresh: a refresh to the same address with a fragment (#/grab/<link>)
// is only a jump within the page, and a plain link would drop the fragment. Its one script is
// allowed by hash, nothing else.
const RELOAD_SCRIPT = 'location.reload()';
const RELOAD_PAGE = `<!doctype html><title>Trove</title><script>${RELOAD_SCRIPT}</script>`;
const RELOAD_PAGE_CSP = `default-src 'none'; script-src 'sha256-${createHash('sha256').update(RELOAD_SCRIPT).digest('base64')}'`;

const BASE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

function sendText(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { ...BASE_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers });
  response.end(`${message}\n`);
}

const pathStatus = (error: MediaPathError): number => (error.code === 'media_not_found' ? 404 : error.code === 'media_bad_path' ? 400 : 403);

/** A request's parts for the gate; undefined when its target is not a URL path. */
function requestParts(request: IncomingMessage, port: number, upgrade: boolean): RequestParts | undefined {
  const target = request.url ?? '/';
  // A path is read as a path ("//x" is not a host); an absolute-form target names the host
  // itself, in place of the Host header (RFC 9112 §3.2.2).
  const absolute = !target.startsWith('/');
  const url = URL.parse(absolute ? target : `http://127.0.0.1:${port}${target}`);
  if (!url) return undefined;
  return {
    remoteAddress: request.socket.remoteAddress,
    host: absolute ? url.host : request.headers.host,
    url,
    cookie: request.headers.cookie,
    origin: request.headers.origin,
    upgrade,
    method: request.method,
    fetchSite: request.headers['sec-fetch-site'],
    fetchMode: request.headers['sec-fetch-mode'],
  };
}

/**
 * Web mode: the built renderer, the media route and the contract over one WebSocket,
 * all behind the request gate. The API key never crosses it: no command returns it.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? randomBytes(32).toString('base64url');
  const { core } = options;
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // Set once listening: whether the address bound is loopback decides (see below).
  let config: GateConfig = { token, port: options.port, allowRemote: false, boundHost: host };

  const csp = async (): Promise<string> => {
    const settings = await core.call('settings.get', {});
    return contentSecurityPolicy({ imageSources: remoteImageSources(settings.ok ? settings.value.serviceUrl : '') });
  };

  const currentMediaRoots = async (): Promise<string[]> => {
    const settings = await core.call('settings.get', {});
    return mediaRoots((settings.ok ? settings.value.downloadFolder : '') || (options.defaultDownloadFolder ?? ''), core.dataDir);
  };

  async function serveFile(response: ServerResponse, request: IncomingMessage, file: string, extra: Record<string, string>): Promise<void> {
    const answer = await fileResponse(file, request.headers.range, request.method === 'HEAD');
    response.writeHead(answer.status, { ...BASE_HEADERS, ...answer.headers, ...extra });
    if (!answer.body) {
      response.end();
      return;
    }
    const body = answer.body();
    body.on('error', () => response.destroy());
    body.pipe(response);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const parts = requestParts(request, config.port, false);
    if (!parts) return sendText(response, 400, 'The request target is not a path.');
    const verdict: GateVerdict = checkRequest(parts, config);
    if (verdict.kind === 'deny') return sendText(response, verdict.status, verdict.message);
    if (verdict.kind === 'set-cookie-and-redirect') {
      response.writeHead(303, { ...BASE_HEADERS, 'Set-Cookie': tokenCookie(config), Location: verdict.location, 'Cache-Control': 'no-store' });
      response.end();
      return;
    }
    if (verdict.kind === 'same-site-reload') {
      response.writeHead(200, { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': RELOAD_PAGE_CSP, 'Cache-Control': 'no-store' });
      response.end(RELOAD_PAGE);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return sendText(response, 405, 'Only GET and HEAD.', { Allow: 'GET, HEAD' });
    const { pathname } = parts.url;
    if (pathname.startsWith(`${MEDIA_PREFIX}/`)) {
      const resolved = await resolveMediaPath(await currentMediaRoots(), pathname.slice(MEDIA_PREFIX.length));
      if (!resolved.ok) return sendText(response, pathStatus(resolved.error), resolved.error.message);
      return serveFile(response, request, resolved.value, {});
    }
    const resolved = await resolveStaticPath(options.staticDir, pathname);
    if (!resolved.ok) return sendText(response, pathStatus(resolved.error), resolved.error.message);
    const isPage = resolved.value.endsWith('.html');
    // The page carries the CSP and is never cached; hashed assets may be.
    const extra: Record<string, string> = isPage ? { 'Content-Security-Policy': await csp(), 'Cache-Control': 'no-store' } : {};
    return serveFile(response, request, resolved.value, extra);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendText(response, 500, 'Something went wrong inside Trove.');
      else response.destroy();
    });
  });

  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const parts = requestParts(request, config.port, true);
    const verdict = parts ? checkRequest(parts, config) : ({ kind: 'deny', status: 400 } as const);
    if (verdict.kind !== 'allow' || parts?.url.pathname !== SOCKET_PATH) {
      const status = verdict.kind === 'deny' ? verdict.status : 404;
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      // `ws` closes the socket itself on a protocol error (1009 for an oversized message);
      // without a listener its 'error' event would be thrown and end the whole server.
      ws.on('error', () => sockets.delete(ws));
      ws.on('message', (data, isBinary) => {
        if (isBinary) {
          ws.send(JSON.stringify(BINARY_REPLY));
          return;
        }
        void replyTo(core, data.toString()).then((reply) => {
          if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(reply));
        });
      });
    });
  });

  const stopEvents = core.onAny((event, payload) => {
    const message = JSON.stringify({ event, payload } satisfies ServerEvent);
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(message);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => resolve());
  });
  const { port, address } = server.address() as AddressInfo;
  // Binding a loopback address keeps the server private whatever the flags said, also
  // when it was named (127.1, a host name that /etc/hosts maps to 127.0.1.1).
  config = { ...config, port, allowRemote: !isLoopbackAddress(address) };
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : urlHost}:${port}`;

  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    async close() {
      stopEvents();
      for (const ws of sockets) ws.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
