import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../../src/core/secrets/key-store';
import { nativeKeychainModules } from '../../../src/core/secrets/keychain-backend';
import { runChild, withoutSessionBus } from './helpers/run-child';
import type { ChildRun } from './helpers/run-child';
import { describeWithSecretService, probeKeytar, probeSecretService } from './helpers/secret-service';

const probe = await probeSecretService();
const describeKeychain = describeWithSecretService(probe);
const keytarInstalled = (await probeKeytar()).ok;
// The item both bindings' paths write (keychain-interop.test.ts): where it is, the key is in the OS keychain.
const keychainItem = async (service: string, account = 'api-key'): Promise<string | null> =>
  (await nativeKeychainModules.keyring()).getPassword(service, account);

describe('key store without a session bus (headless Linux)', () => {
  // The real bindings in a child without DBUS_SESSION_BUS_ADDRESS and DISPLAY: they fail to
  // autolaunch D-Bus (libsecret: "Cannot autolaunch D-Bus without X11 $DISPLAY"; keyring-rs:
  // "Using X11 for dbus-daemon autolaunch was disabled"), as on a headless box.
  let run: ChildRun;
  beforeAll(async () => {
    run = await runChild('unavailable', withoutSessionBus(process.env));
  });

  it('answers with a clear keychain_unavailable error that says what to do, not a stack trace', () => {
    expect(run.code).toBe(0);
    const result = run.steps.get('status') as { ok: boolean; error: { code: string; retryable: boolean; message: string } };
    expect(result).toMatchObject({ ok: false, error: { code: 'keychain_unavailable', retryable: false } });
    expect(result.error.message).toMatch(/No keychain is available \(.*autolaunch/);
    expect(result.error.message).toContain('gnome-keyring');
    expect(result.error.message).toContain('TROVE_API_KEY');
    expect(run.stdout + run.stderr).not.toContain('never-stored-key');
    expect(run.stdout + run.stderr).not.toMatch(/\n\s+at /);
  });

  it('keeps a key it cannot store for this session, and says why it was not saved and what would fix it', () => {
    for (const step of ['set', 'status-after-set']) {
      const result = run.steps.get(step) as { ok: true; value: { isSet: boolean; source: string; unsaved: { code: string; message: string } } };
      expect(result).toMatchObject({ ok: true, value: { isSet: true, source: 'session', unsaved: { code: 'keychain_unavailable' } } });
      expect(result.value.unsaved.message).toContain('gnome-keyring');
      expect(result.value.unsaved.message).toContain('TROVE_API_KEY');
    }
    expect(run.steps.get('get')).toEqual({ ok: true, sessionKey: true });
  });

  it('trove doctor hears which binding is used and that it has no Secret Service, with the fix', () => {
    const report = run.steps.get('report') as { backend: string; works: boolean; problem: string; fix: string };
    expect(report).toMatchObject({ backend: keytarInstalled ? 'keytar' : 'napi-rs-keyring', works: false });
    expect(report.problem).toContain('No keychain is available');
    expect(report.fix).toContain('gnome-keyring');
    expect(report.fix).toContain('TROVE_API_KEY');
  });

  it('the fallback binding refuses too, rather than keeping the key in the kernel keyring: it lasts for the session only', () => {
    const set = run.steps.get('fallback-set') as { ok: true; value: { source: string; unsaved: { code: string; message: string } } };
    expect(set).toMatchObject({ ok: true, value: { isSet: true, source: 'session', unsaved: { code: 'keychain_unavailable' } } });
    expect(set.value.unsaved.message).toContain('TROVE_API_KEY');
    expect(run.steps.get('fallback-get')).toEqual({ ok: true, sessionKey: true });
  });

  it('TROVE_API_KEY works with no keychain at all', () => {
    expect(run.steps.get('env-status')).toEqual({ ok: true, value: { isSet: true, source: 'environment' } });
    expect(run.steps.get('env-get')).toEqual({ ok: true, value: 'key-from-env' });
  });
});

describeKeychain('key store on a real Secret Service', () => {
  const service = `Trove-test-${randomUUID()}`;
  const store = createKeyStore({ env: {}, service });
  afterEach(async () => {
    await store.deleteKey();
  });

  it('has a Secret Service to test against', () => {
    expect(probe).toEqual({ ok: true });
  });

  it('sets, reads, reports and deletes the key', async () => {
    const key = `key-${randomUUID()}`;
    expect(await store.status()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
    expect(await store.setKey(`  ${key}\n`)).toEqual({ ok: true, value: { isSet: true, source: 'keychain' } });
    expect(await store.getKey()).toEqual({ ok: true, value: key });
    expect(await keychainItem(service)).toBe(key);
    expect(await store.deleteKey()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
    expect(await store.getKey()).toEqual({ ok: true, value: undefined });
    expect(await keychainItem(service)).toBeNull();
    expect((await store.deleteKey()).ok).toBe(true);
  });

  it('uses the service name Trove and the account api-key by default (restoring what was there)', async () => {
    const defaults = createKeyStore({ env: {} });
    const previous = await defaults.getKey();
    try {
      const key = `default-${randomUUID()}`;
      expect((await defaults.setKey(key)).ok).toBe(true);
      expect(await keychainItem('Trove')).toBe(key);
    } finally {
      if (previous.ok && previous.value !== undefined) await defaults.setKey(previous.value);
      else await defaults.deleteKey();
    }
  });

  it('TROVE_API_KEY overrides the keychain without touching it', async () => {
    const key = `key-${randomUUID()}`;
    await store.setKey(key);
    const headless = createKeyStore({ env: { TROVE_API_KEY: ' from-env ' }, service });
    expect(await headless.getKey()).toEqual({ ok: true, value: 'from-env' });
    expect(await headless.status()).toEqual({ ok: true, value: { isSet: true, source: 'environment' } });
    expect(await createKeyStore({ env: { TROVE_API_KEY: '' }, service }).getKey()).toEqual({ ok: true, value: key });
    expect(await store.getKey()).toEqual({ ok: true, value: key });
  });

  it('refuses an empty key with a clear message and stores nothing', async () => {
    const result = await store.setKey('   ');
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_key', retryable: false, message: 'The API key is empty.' } });
    expect(await store.status()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
  });
});
