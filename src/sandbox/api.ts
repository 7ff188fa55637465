import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiVersion } from './api-version';
import { authenticate } from './auth';
import type { SandboxContext } from './context';
import { endpointOf, methodOf } from './endpoints';
import { errorBody, failure, pickLanguage, type ApiFailure } from './errors';
import { extract } from './extract';
import { parseExtractRequest } from './extract-request';
import { readBody, sendJson } from './http-json';

/**
 * One API request, in the order the checks apply: route (404/405), key (401), rate limit
 * (429), body (422), balance (402), extraction (400), then the 200 and its charge.
 */
export async function handleApi(version: ApiVersion, path: string, req: IncomingMessage, res: ServerResponse, ctx: SandboxContext): Promise<void> {
  const language = pickLanguage(req.headers['accept-language']);
  const fail = (f: ApiFailure): void => sendJson(res, f.status, errorBody(f, version, language), f.headers);

  const endpoint = endpointOf(version, path);
  if (!endpoint) return fail(failure(404, 'not_found'));
  const method = methodOf(endpoint);
  if (req.method !== method) return fail(failure(405, 'method_not_allowed', { headers: { allow: method } }));
  ctx.stats.request(`${version} ${method} ${path}`);

  const key = authenticate(version, req.headers, ctx.keys);
  if (key === undefined) return fail(failure(401, 'invalid_api_key'));
  const rate = ctx.limiters[version].take(key);
  if (!rate.ok) {
    ctx.stats.rateLimited();
    const retryAfter = String(Math.max(1, Math.ceil(rate.retryAfterMs / 1000)));
    return fail(failure(429, 'too_many_requests', { headers: { 'retry-after': retryAfter } }));
  }
  if (endpoint === 'credits') return sendJson(res, 200, { availableCredits: ctx.ledger.balance(key) });

  const request = parseExtractRequest(await readBody(req));
  if (!request.ok) return fail(failure(422, 'invalid_request', { detail: request.error }));
  const cost = ctx.prices.cost(endpoint, request.value.url);
  if (!ctx.ledger.canAfford(key, cost)) return fail(failure(402, 'insufficient_credits'));

  const result = extract(endpoint, version, request.value, ctx);
  if (!result.ok) return fail(result.error);
  // No await since the balance check: nothing can spend the credits in between.
  ctx.ledger.debit(key, cost);
  ctx.stats.charge({ key, endpoint: `${version} ${method} ${path}`, url: request.value.url, cost, at: ctx.now() });
  sendJson(res, 200, result.value);
}
