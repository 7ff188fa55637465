import type { ApiResult } from '../../../src/core/api/api-result';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/core/api/service-client';
import { errorOf } from './helpers/expect-result';
import { json, startScriptedServer } from './helpers/scripted-server';

/*
 * An error body's `detail` (FastAPI-style validation details echo what was sent) went
 * to the job record, the CLI's JSON and web mode's socket unredacted, while `message`
 * was redacted: a service that repeats the Authorization header leaked the key into
 * the database (found by test/reliability/secret-leak).
 */

const KEY = 'sk-detail-echo-0123456789';

let server: Awaited<ReturnType<typeof startScriptedServer>>;
beforeAll(async () => {
  server = await startScriptedServer((request, response) => {
    const sent = String(request.headers['authorization'] ?? request.headers['x-api-key']);
    const status = request.path.endsWith('/credits') || request.path.endsWith('/available-credits') ? 401 : 422;
    json(response, status, {
      message: 'invalid',
      code: 'invalid_request',
      detail: [{ loc: ['header', 'authorization'], input: sent, [`key ${KEY}`]: { nested: [`deep ${encodeURIComponent(KEY)}`] } }],
    });
  });
});
afterAll(() => server.close());

describe('error details from the service', () => {
  it.each(['v1', 'legacy'] as const)('never carry the key (%s)', async (apiVersion) => {
    const client = createServiceClient({ baseUrl: server.url, apiVersion, getKey: async () => KEY, retry: { maxAttempts: 1 } });
    const results: Array<ApiResult<unknown>> = [await client.extractPost('https://video.example/watch/a'), await client.credits()];
    for (const result of results) {
      const error = errorOf(result);
      expect(error.detail).toBeDefined();
      expect(JSON.stringify(error)).not.toContain(KEY);
      expect(JSON.stringify(error)).not.toContain(encodeURIComponent(KEY));
    }
  });
});
