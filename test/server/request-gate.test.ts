import { describe, expect, it } from 'vitest';
import { checkRequest, cookieValue, isLoopbackAddress, tokenCookie, tokenMatches } from '../../src/server/request-gate';
import type { RequestParts } from '../../src/server/request-gate';

const config = { token: 'secret-token', port: 4000, allowRemote: false };
const page = (overrides: Partial<RequestParts> = {}): RequestParts => ({
  remoteAddress: '127.0.0.1',
  host: '127.0.0.1:4000',
  url: new URL('http://127.0.0.1:4000/'),
  cookie: 'trove-token-4000=secret-token',
  upgrade: false,
  ...overrides,
});
const socket = (overrides: Partial<RequestParts> = {}): RequestParts =>
  page({ upgrade: true, url: new URL('http://127.0.0.1:4000/ws'), origin: 'http://127.0.0.1:4000', ...overrides });

describe('checkRequest', () => {
  it('lets the page with its cookie in', () => {
    expect(checkRequest(page(), config)).toEqual({ kind: 'allow' });
    expect(checkRequest(socket(), config)).toEqual({ kind: 'allow' });
  });

  it('trades a correct token in the URL for the cookie, and drops it from the address', () => {
    const verdict = checkRequest(page({ cookie: undefined, url: new URL('http://127.0.0.1:4000/?token=secret-token&x=1') }), config);
    expect(verdict).toEqual({ kind: 'set-cookie-and-redirect', location: '/?x=1' });
    expect(tokenCookie(config)).toBe('trove-token-4000=secret-token; HttpOnly; SameSite=Strict; Path=/');
  });

  it('reloads a page another site opened, once, so the browser can send its SameSite=Strict cookie; nothing else gets past', () => {
    const opened = { cookie: undefined, method: 'GET', fetchSite: 'cross-site', fetchMode: 'navigate' } as const;
    expect(checkRequest(page(opened), config)).toEqual({ kind: 'same-site-reload' });
    // The reload is this site's own navigation: without the cookie it is refused, never reloaded again.
    expect(checkRequest(page({ ...opened, fetchSite: 'same-origin' }), config)).toMatchObject({ kind: 'deny', status: 401 });
    // Not for anything but a plain page load: no POST, no subresource, no socket, no other host or address.
    expect(checkRequest(page({ ...opened, method: 'POST' }), config)).toMatchObject({ kind: 'deny', status: 401 });
    expect(checkRequest(page({ ...opened, fetchMode: 'no-cors' }), config)).toMatchObject({ kind: 'deny', status: 401 });
    expect(checkRequest(socket({ ...opened, upgrade: true }), config)).toMatchObject({ kind: 'deny', status: 401 });
    expect(checkRequest(page({ ...opened, host: 'evil.example:4000' }), config)).toMatchObject({ kind: 'deny', status: 421 });
    expect(checkRequest(page({ ...opened, remoteAddress: '192.168.1.9' }), config)).toMatchObject({ kind: 'deny', status: 403 });
  });

  it('refuses a missing or wrong token', () => {
    expect(checkRequest(page({ cookie: undefined }), config)).toMatchObject({ kind: 'deny', status: 401 });
    expect(checkRequest(page({ cookie: 'trove-token-4000=guess' }), config)).toMatchObject({ kind: 'deny', status: 401 });
    // A cookie of another Trove server on the same host does not open this one.
    expect(checkRequest(page({ cookie: 'trove-token-4001=secret-token' }), config)).toMatchObject({ kind: 'deny', status: 401 });
    expect(checkRequest(page({ cookie: undefined, url: new URL('http://127.0.0.1:4000/?token=nope') }), config)).toMatchObject({
      kind: 'deny',
      status: 401,
    });
    expect(checkRequest(socket({ cookie: undefined }), config)).toMatchObject({ kind: 'deny', status: 401 });
  });

  it('refuses WebSockets from any other origin', () => {
    for (const origin of [undefined, 'http://evil.example', 'http://127.0.0.1:4001', 'https://127.0.0.1:4000', 'null']) {
      expect(checkRequest(socket({ origin }), config), String(origin)).toMatchObject({ kind: 'deny', status: 403 });
    }
  });

  it('refuses other host names (DNS rebinding) and non-loopback clients by default', () => {
    expect(checkRequest(page({ host: 'evil.example:4000' }), config)).toMatchObject({ kind: 'deny', status: 421 });
    expect(checkRequest(page({ host: undefined }), config)).toMatchObject({ kind: 'deny', status: 421 });
    expect(checkRequest(page({ host: 'localhost:4000' }), config)).toEqual({ kind: 'allow' });
    expect(checkRequest(page({ remoteAddress: '192.168.1.20' }), config)).toMatchObject({ kind: 'deny', status: 403 });
  });

  it('answers to the loopback address it was bound to, and to no other', () => {
    const bound = { ...config, boundHost: '127.0.0.2' };
    expect(checkRequest(page({ host: '127.0.0.2:4000' }), bound)).toEqual({ kind: 'allow' });
    expect(checkRequest(page({ host: '127.0.0.2:4000' }), config)).toMatchObject({ kind: 'deny', status: 421 });
    expect(checkRequest(page({ host: '127.0.0.3:4000' }), bound)).toMatchObject({ kind: 'deny', status: 421 });
    expect(checkRequest(page({ host: '[::1]:4000' }), { ...config, boundHost: '::1' })).toEqual({ kind: 'allow' });
  });

  it('on port 80 also answers to the names browsers send without the port', () => {
    const web = { ...config, port: 80 };
    expect(checkRequest(page({ host: 'localhost', cookie: 'trove-token-80=secret-token' }), web)).toEqual({ kind: 'allow' });
    expect(checkRequest(page({ host: 'evil.example', cookie: 'trove-token-80=secret-token' }), web)).toMatchObject({ kind: 'deny', status: 421 });
  });

  it('lets other machines in only when the host was chosen explicitly, still with the token', () => {
    const shared = { ...config, allowRemote: true };
    expect(checkRequest(page({ remoteAddress: '192.168.1.20', host: 'nas.local:4000' }), shared)).toEqual({ kind: 'allow' });
    expect(checkRequest(page({ remoteAddress: '192.168.1.20', host: 'nas.local:4000', cookie: undefined }), shared)).toMatchObject({
      kind: 'deny',
      status: 401,
    });
  });
});

describe('gate helpers', () => {
  it('recognizes loopback addresses, including IPv4-mapped IPv6', () => {
    expect(isLoopbackAddress('127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('127.5.6.7')).toBe(true);
    expect(isLoopbackAddress('::1')).toBe(true);
    expect(isLoopbackAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isLoopbackAddress('::ffff:10.0.0.1')).toBe(false);
    expect(isLoopbackAddress('10.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });

  it('reads cookies and compares tokens exactly', () => {
    expect(cookieValue('a=1; trove-token-1=xyz; b=2', 'trove-token-1')).toBe('xyz');
    expect(cookieValue(undefined, 'a')).toBeUndefined();
    expect(tokenMatches('abc', 'abc')).toBe(true);
    expect(tokenMatches('abcd', 'abc')).toBe(false);
    expect(tokenMatches(undefined, 'abc')).toBe(false);
  });
});
