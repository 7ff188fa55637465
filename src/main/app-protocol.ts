import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol, session } from 'electron';
import { decodeUrlPath, isWithin } from '../node-shared/media/resolve-media-path';
import { APP_HOST, APP_SCHEME, MEDIA_SCHEME, originOf } from './app-origin';

/** Must run before `app.whenReady()`: privileges can only be granted at start-up. */
export function registerSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    // standard + secure: relative URLs resolve, ES modules load, the page is a secure context.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    // stream: <video> and <audio> expect partial (Range) responses.
    { scheme: MEDIA_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
  ]);
}

const refuse = (status: number): Response => new Response(null, { status });

/**
 * Serves the built renderer as trove-app://app/… (not file://, whose origin is shared by
 * every local file), with the CSP as a response header. Only files of the bundle.
 */
export function serveAppPages(rendererDir: string, csp: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST || request.method !== 'GET') return refuse(404);
    const segments = decodeUrlPath(url.pathname === '/' ? '/index.html' : url.pathname);
    if (!segments.ok) return refuse(400);
    const file = path.resolve(rendererDir, ...segments.value);
    // The bundle lives in app.asar (no symlinks); a lexical check is exact there.
    if (!isWithin(rendererDir, file)) return refuse(403);
    const response = await net.fetch(pathToFileURL(file).toString());
    if (!response.ok) return refuse(404);
    const headers = new Headers(response.headers);
    headers.set('Content-Security-Policy', csp());
    headers.set('X-Content-Type-Options', 'nosniff');
    return new Response(response.body, { status: 200, headers });
  });
}

/** In development the pages come from Vite's dev server: the same CSP is added to its responses. */
export function addCspHeader(trustedOrigin: string, csp: () => string): void {
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    if (details.resourceType !== 'mainFrame' || originOf(details.url) !== trustedOrigin) {
      callback({});
      return;
    }
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp()] } });
  });
}
