import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { KeyStore } from '../../../src/core/secrets/key-store';
import { createKeyStore } from '../../../src/core/secrets/key-store';
import type { Keychain, KeychainBackend } from '../../../src/core/secrets/keychain';
import { loadKeychainBackend, nativeKeychainModules } from '../../../src/core/secrets/keychain-backend';
import { describeWithSecretService, probeKeytar, probeSecretService } from './helpers/secret-service';

const describeKeychain = describeWithSecretService(await probeSecretService(), await probeKeytar());

const loaded = async (result: Awaited<ReturnType<typeof loadKeychainBackend>>): Promise<KeychainBackend> => {
  if (!result.ok) throw result.error;
  return result.value;
};

describeKeychain('keytar and @napi-rs/keyring find each other’s key (real Secret Service)', () => {
  const service = `Trove-interop-${randomUUID()}`;
  const account = 'api-key';
  let keytar: Keychain;
  let keyring: Keychain;
  let keytarPath: KeyStore;
  let fallbackPath: KeyStore;

  beforeAll(async () => {
    keytar = await nativeKeychainModules.keytar();
    keyring = await nativeKeychainModules.keyring();
    const chosen = await loaded(await loadKeychainBackend());
    // The machine where keytar did not build: same loader, keytar missing.
    const fallback = await loaded(await loadKeychainBackend({ ...nativeKeychainModules, keytar: () => Promise.reject(new Error('keytar did not build')) }));
    expect([chosen.name, fallback.name]).toEqual(['keytar', 'napi-rs-keyring']);
    keytarPath = createKeyStore({ env: {}, service, keychain: chosen.keychain });
    fallbackPath = createKeyStore({ env: {}, service, keychain: fallback.keychain });
  });

  afterEach(async () => {
    await keytar.deletePassword(service, account);
    await keyring.deletePassword(service, account);
  });

  it('needs both paths: on their own, the bindings do not see each other’s item', async () => {
    // keytar: attributes service, account, xdg:schema; keyring-rs: service, username.
    await keytar.setPassword(service, account, 'only-in-keytar');
    expect(await keyring.getPassword(service, account)).toBeNull();
    await keyring.setPassword(service, account, 'only-in-keyring');
    expect(await keytar.getPassword(service, account)).toBe('only-in-keytar');
  });

  it('a key saved through keytar is read by the fallback', async () => {
    const key = `keytar-${randomUUID()}`;
    expect(await keytarPath.setKey(key)).toEqual({ ok: true, value: { isSet: true, source: 'keychain' } });
    expect(await keytar.getPassword(service, account)).toBe(key);
    expect(await fallbackPath.getKey()).toEqual({ ok: true, value: key });
    expect(await fallbackPath.status()).toEqual({ ok: true, value: { isSet: true, source: 'keychain' } });
  });

  it('a key saved through the fallback is read through keytar, also over an older keytar one', async () => {
    await keytarPath.setKey('older-key');
    const key = `keyring-${randomUUID()}`;
    expect(await fallbackPath.setKey(key)).toEqual({ ok: true, value: { isSet: true, source: 'keychain' } });
    expect(await keytarPath.getKey()).toEqual({ ok: true, value: key });
  });

  it('a key saved by keytar alone (before the fallback existed) is still read through keytar', async () => {
    await keytar.setPassword(service, account, 'saved-by-an-older-trove');
    expect(await keytarPath.getKey()).toEqual({ ok: true, value: 'saved-by-an-older-trove' });
  });

  it('a delete through keytar leaves no copy for either path', async () => {
    await fallbackPath.setKey('saved-by-the-fallback');
    await keytarPath.setKey('saved-through-keytar');
    expect(await keytarPath.deleteKey()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
    expect(await fallbackPath.getKey()).toEqual({ ok: true, value: undefined });
    expect([await keytar.getPassword(service, account), await keyring.getPassword(service, account)]).toEqual([null, null]);
  });

  it('a delete through the fallback removes a key it saved for keytar too', async () => {
    await fallbackPath.setKey('saved-by-the-fallback');
    expect(await fallbackPath.deleteKey()).toEqual({ ok: true, value: { isSet: false, source: 'none' } });
    expect(await keytarPath.getKey()).toEqual({ ok: true, value: undefined });
  });
});
