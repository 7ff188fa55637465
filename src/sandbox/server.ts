import type { IncomingMessage, ServerResponse } from 'node:http';
import { handleAdmin } from './admin';
import { handleApi } from './api';
import { errorBody, failure } from './errors';
import type { SandboxContext } from './context';
import { sendJson } from './http-json';
import { serveMedia } from './media/serve-media';
import type { Sandbox } from './types';

const V1 = '/openapi/v1';
const LEGACY = '/openapi';
const ADMIN = '/_sandbox';

const under = (pathname: string, prefix: string): boolean => pathname.startsWith(`${prefix}/`);

/** Routes a request: API v1, legacy API, media host, admin. */
export function createRequestHandler(ctx: SandboxContext, sandbox: Sandbox) {
  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const { pathname } = url;
    if (under(pathname, V1)) return handleApi('v1', pathname.slice(V1.length), req, res, ctx);
    if (under(pathname, LEGACY)) return handleApi('legacy', pathname.slice(LEGACY.length), req, res, ctx);
    if (under(pathname, '/media')) return serveMedia(req, res, url, ctx.media);
    if (under(pathname, ADMIN)) return handleAdmin(pathname.slice(ADMIN.length), req, res, url, sandbox);
    sendJson(res, 404, { message: `Nothing at ${pathname}. The API is under ${V1} and ${LEGACY}.`, code: 'not_found' });
  }

  return (req: IncomingMessage, res: ServerResponse): void => {
    route(req, res).catch((error: unknown) => {
      // A bug in the sandbox, not an expected failure: say so loudly.
      console.error('sandbox: internal error', error);
      if (!res.headersSent) sendJson(res, 500, errorBody(failure(500, 'internal_error'), 'v1', 'en'));
      else res.destroy();
    });
  };
}
