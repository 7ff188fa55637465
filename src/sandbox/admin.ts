import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { readBody, sendJson } from './http-json';
import { faultSpecSchema } from './media/faults';
import type { Sandbox } from './types';

const priceSchema = z
  .object({ endpoint: z.enum(['post', 'playlist', 'subtitles']), site: z.string().min(1).optional(), credits: z.number().finite().nonnegative() })
  .strict();
const newPostsSchema = z.object({ list: z.string().regex(/^\/(?:@|playlist\/)[A-Za-z0-9_-]+$/), count: z.number().int().min(1).max(1000) }).strict();
const balanceSchema = z.object({ key: z.string().min(1), credits: z.number().finite() }).strict();

function parseJson<T>(schema: z.ZodType<T>, text: string | undefined): z.ZodSafeParseResult<T> {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    json = undefined;
  }
  return schema.safeParse(json);
}

const fail = (res: ServerResponse, status: number, code: string, message: string): void =>
  sendJson(res, status, { message, code });

const noContent = (res: ServerResponse): void => {
  res.writeHead(204);
  res.end();
};

/**
 * The admin API under /_sandbox/ (no key needed): the same functions the Sandbox object
 * offers, for tests that run the sandbox in a child process. Not part of the service.
 */
export async function handleAdmin(path: string, req: IncomingMessage, res: ServerResponse, url: URL, sandbox: Sandbox): Promise<void> {
  const route = `${req.method ?? ''} ${path}`;
  switch (route) {
    case 'GET /balance': {
      const key = url.searchParams.get('key') ?? '';
      if (!sandbox.keys.includes(key)) return fail(res, 404, 'unknown_key', `Unknown sandbox key "${key}".`);
      return sendJson(res, 200, { key, availableCredits: sandbox.getBalance(key) });
    }
    case 'POST /balance': {
      const body = parseJson(balanceSchema, await readBody(req));
      if (!body.success) return fail(res, 422, 'invalid_request', `Expected {key, credits}: ${z.prettifyError(body.error)}`);
      if (!sandbox.keys.includes(body.data.key)) return fail(res, 404, 'unknown_key', `Unknown sandbox key "${body.data.key}".`);
      sandbox.setBalance(body.data.key, body.data.credits);
      return sendJson(res, 200, { key: body.data.key, availableCredits: sandbox.getBalance(body.data.key) });
    }
    case 'GET /prices':
      return sendJson(res, 200, { prices: sandbox.prices() });
    case 'POST /prices': {
      const body = parseJson(priceSchema, await readBody(req));
      if (!body.success) return fail(res, 422, 'invalid_request', `Expected {endpoint, site?, credits}: ${z.prettifyError(body.error)}`);
      sandbox.setPrice(body.data);
      return sendJson(res, 200, { prices: sandbox.prices() });
    }
    case 'DELETE /prices':
      sandbox.resetPrices();
      return noContent(res);
    case 'GET /stats':
      return sendJson(res, 200, sandbox.stats());
    case 'POST /stats/reset':
      sandbox.resetStats();
      return noContent(res);
    case 'POST /faults': {
      const body = parseJson(faultSpecSchema, await readBody(req));
      if (!body.success) return fail(res, 422, 'invalid_request', `Expected a FaultSpec: ${z.prettifyError(body.error)}`);
      try {
        sandbox.addFault(body.data);
      } catch (error) {
        return fail(res, 409, 'faults_disabled', (error as Error).message);
      }
      return noContent(res);
    }
    case 'DELETE /faults':
      sandbox.clearFaults();
      return noContent(res);
    case 'POST /posts': {
      const body = parseJson(newPostsSchema, await readBody(req));
      if (!body.success) return fail(res, 422, 'invalid_request', `Expected {list: "/@name" or "/playlist/id", count}: ${z.prettifyError(body.error)}`);
      return sendJson(res, 200, { list: body.data.list, added: sandbox.addPosts(body.data.list, body.data.count) });
    }
    case 'GET /blob-url': {
      const size = Number(url.searchParams.get('size'));
      if (!Number.isSafeInteger(size) || size < 0) return fail(res, 422, 'invalid_request', 'size must be a non-negative integer.');
      return sendJson(res, 200, { url: sandbox.blobUrl(size, url.searchParams.get('seed') ?? undefined) });
    }
    default:
      return fail(res, 404, 'not_found', `No admin route ${route}.`);
  }
}
