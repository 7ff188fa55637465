import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { protocol } from 'electron';
import { fileResponse } from '../node-shared/media/file-response';
import { resolveMediaPath } from '../node-shared/media/resolve-media-path';
import { MEDIA_SCHEME } from './app-origin';

/** The host of media URLs: trove-media://local/<encoded absolute path> (see encodeMediaPath). */
export const MEDIA_HOST = 'local';

/**
 * trove-media:// serves thumbnails, avatars and library files to the renderer, confined to
 * the library and data folders (symlinks followed and checked), with Range for seeking.
 * The renderer never sees file:// URLs.
 */
export function serveMedia(roots: () => Promise<string[]>): void {
  protocol.handle(MEDIA_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== MEDIA_HOST || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return new Response(null, { status: 404 });
    }
    const resolved = await resolveMediaPath(await roots(), url.pathname);
    if (!resolved.ok) {
      return new Response(resolved.error.message, { status: resolved.error.code === 'media_not_found' ? 404 : 403 });
    }
    const file = await fileResponse(resolved.value, request.headers.get('range'), request.method === 'HEAD');
    const body = file.body ? (Readable.toWeb(file.body()) as ReadableStream<Uint8Array>) : null;
    return new Response(body as globalThis.ReadableStream<Uint8Array> | null, { status: file.status, headers: file.headers });
  });
}
