import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/core/api/service-client';
import { createKeyStore } from '../../../src/core/secrets/key-store';
import { validateAndStoreKey } from '../../../src/core/secrets/validate-key';
import type { ClientFactory } from '../../../src/core/secrets/validate-key';
import type { Sandbox } from '../../../src/sandbox';
import { startSandbox } from '../../../src/sandbox';
import { describeWithSecretService, probeSecretService } from './helpers/secret-service';

const probe = await probeSecretService();

describeWithSecretService(probe)('validateAndStoreKey against the sandbox and a real Secret Service', () => {
  const goodKey = `good-${randomUUID()}`;
  const store = createKeyStore({ env: {}, service: `Trove-test-${randomUUID()}` });
  let sandbox: Sandbox;
  const clients =
    (baseUrl: () => string): ClientFactory =>
    (getKey) =>
      createServiceClient({ baseUrl: baseUrl(), apiVersion: 'v1', getKey, retry: { maxAttempts: 1 } });
  const sandboxClients = clients(() => sandbox.url);

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, keys: [goodKey], credits: 4_321 });
  });
  afterAll(async () => {
    await sandbox.close();
  });
  afterEach(async () => {
    await store.deleteKey();
  });

  it('refuses a key the service rejects (401) and stores nothing', async () => {
    const result = await validateAndStoreKey('wrong-key', sandboxClients, store);
    expect(result).toMatchObject({ ok: false, error: { code: 'key_rejected', retryable: false } });
    expect(!result.ok && result.error.message).toMatch(/refused this API key, so it was not saved/);
    expect(await store.status()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
  });

  it('stores a key the service accepts and reports the balance', async () => {
    const result = await validateAndStoreKey(` ${goodKey} `, sandboxClients, store);
    expect(result).toEqual({ ok: true, value: { status: { isSet: true, source: 'keychain' }, availableCredits: 4_321 } });
    expect(await store.getKey()).toEqual({ ok: true, value: goodKey });
    expect(sandbox.stats().charges).toEqual([]); // the check is the free credits query
  });

  it('does not store a key it could not check', async () => {
    const unreachable = clients(() => 'http://127.0.0.1:9');
    const result = await validateAndStoreKey(goodKey, unreachable, store);
    expect(result).toMatchObject({ ok: false, error: { code: 'network_error' } });
    expect(!result.ok && result.error.message).toMatch(/could not be checked, so it was not saved/);
    expect(await store.status()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
  });

  it('refuses an empty key without asking the service', async () => {
    const before = sandbox.stats().requests;
    expect(await validateAndStoreKey('  ', sandboxClients, store)).toMatchObject({ ok: false, error: { code: 'invalid_key' } });
    expect(sandbox.stats().requests).toBe(before);
  });
});
