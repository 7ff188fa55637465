import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/*
 * Who may talk to the web-mode server, decided from a request's parts (pure, so each rule
 * is unit-tested without a socket):
 *   - the client: loopback only, unless the user chose a --host explicitly;
 *   - the Host header: one of the server's own loopback names (DNS rebinding defence);
 *   - the token: given once in the page URL, then kept in an HttpOnly cookie;
 *   - the WebSocket's Origin: exactly the server's own origin (no other site's page).
 */

export interface GateConfig {
  token: string;
  port: number;
  /** True when the user bound a non-default --host: remote clients and any Host name allowed. */
  allowRemote: boolean;
  /** The address the server is bound to (its URL names it): another loopback one, like 127.0.0.2, is answered too. */
  boundHost?: string;
}

export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** The Host values a loopback server answers to (anything else is a rebinding attempt or a mistake). */
export function loopbackHosts(port: number, boundHost?: string): string[] {
  const names = ['127.0.0.1', 'localhost', '[::1]'];
  if (boundHost !== undefined) names.push((boundHost.includes(':') ? `[${boundHost}]` : boundHost).toLowerCase());
  // browsers leave the default port out of Host and Origin
  return names.flatMap((name) => (port === 80 ? [`${name}:80`, name] : [`${name}:${port}`]));
}

export function isAllowedHost(host: string | undefined, config: GateConfig): boolean {
  if (host === undefined || host === '') return false;
  return config.allowRemote || loopbackHosts(config.port, config.boundHost).includes(host.toLowerCase());
}

/** A browser's WebSocket from our own page carries Origin http://<the Host it connected to>. */
export function isOwnOrigin(origin: string | undefined, host: string | undefined): boolean {
  return origin !== undefined && host !== undefined && origin.toLowerCase() === `http://${host.toLowerCase()}`;
}

/** Cookie names are not scoped by port: each server names its own. */
export const tokenCookieName = (port: number): string => `trove-token-${port}`;

export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** Constant-time comparison, so the token cannot be guessed a character at a time. */
export function tokenMatches(candidate: string | undefined, token: string): boolean {
  if (candidate === undefined) return false;
  const given = Buffer.from(candidate);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function tokenCookie(config: GateConfig): string {
  return `${tokenCookieName(config.port)}=${config.token}; HttpOnly; SameSite=Strict; Path=/`;
}

export type GateVerdict =
  | { kind: 'allow' }
  | { kind: 'set-cookie-and-redirect'; location: string }
  | { kind: 'same-site-reload' }
  | { kind: 'deny'; status: 401 | 403 | 421; message: string };

export interface RequestParts {
  remoteAddress: string | undefined;
  host: string | undefined;
  url: URL;
  cookie: string | undefined;
  /** Only for WebSocket upgrades. */
  origin?: string | undefined;
  upgrade: boolean;
  method?: string | undefined;
  /** The browser's Sec-Fetch-Site and Sec-Fetch-Mode: who started this request, and how. */
  fetchSite?: string | undefined;
  fetchMode?: string | undefined;
}

export function checkRequest(request: RequestParts, config: GateConfig): GateVerdict {
  if (!config.allowRemote && !isLoopbackAddress(request.remoteAddress)) {
    return { kind: 'deny', status: 403, message: 'This Trove server only answers this computer (start it with --host to share it).' };
  }
  if (!isAllowedHost(request.host, config)) {
    return { kind: 'deny', status: 421, message: 'This Trove server does not answer to that host name.' };
  }
  if (request.upgrade && !isOwnOrigin(request.origin, request.host)) {
    return { kind: 'deny', status: 403, message: 'WebSocket connections are only accepted from the Trove page itself.' };
  }
  const fromUrl = request.url.searchParams.get('token');
  if (fromUrl !== null && !request.upgrade) {
    if (!tokenMatches(fromUrl, config.token)) return { kind: 'deny', status: 401, message: 'That token is not valid for this server.' };
    // Drop the token from the address bar (and from history) once it is in the cookie.
    const clean = new URL(request.url);
    clean.searchParams.delete('token');
    return { kind: 'set-cookie-and-redirect', location: `${clean.pathname}${clean.search}` };
  }
  if (!tokenMatches(cookieValue(request.cookie, tokenCookieName(config.port)), config.token)) {
    // A page on another site that opened this one ("Send to Trove") gets no SameSite=Strict
    // cookie, by design. Reloading from here makes the navigation this site's own, so a
    // browser that holds the cookie sends it, and one that does not gets the 401 below. The
    // reload page carries nothing and does nothing else: loading the UI acts on nothing.
    if (!request.upgrade && request.fetchSite === 'cross-site' && request.fetchMode === 'navigate' && request.method === 'GET') return { kind: 'same-site-reload' };
    return { kind: 'deny', status: 401, message: 'Open Trove with the link (including its token) printed where the server was started.' };
  }
  return { kind: 'allow' };
}
