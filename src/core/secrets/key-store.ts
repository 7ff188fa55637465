import { z } from 'zod';
import type { KeyStatus } from '../../shared/contract';
import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { Keychain } from './keychain';
import { loadKeychainBackend } from './keychain-backend';
import { keychainFailure } from './keychain-error';
import type { KeyStoreError } from './keychain-error';
import { redactSecrets } from './redact-secrets';

export interface KeyStoreOptions {
  /** Default: the binding loadKeychainBackend picks, loaded on first use. */
  keychain?: Keychain;
  env?: NodeJS.ProcessEnv;
  service?: string;
  account?: string;
}

/**
 * Every method returns data, never throws; only `isSet` ever leaves the engine, not the key.
 * `setKey` keeps a key the keychain refuses for this session (status `session`), so a
 * checked key works on a machine without a keychain.
 */
export interface KeyStore {
  getKey(): Promise<Result<string | undefined, KeyStoreError>>;
  setKey(key: string): Promise<Result<KeyStatus, KeyStoreError>>;
  deleteKey(): Promise<Result<KeyStatus, KeyStoreError>>;
  status(): Promise<Result<KeyStatus, KeyStoreError>>;
}

export const KEY_ENV_VAR = 'TROVE_API_KEY';
/** Overrides the keychain item's service name (tests use their own, not the user's key). */
export const KEY_SERVICE_ENV_VAR = 'TROVE_KEYCHAIN_SERVICE';
export const DEFAULT_KEY_SERVICE = 'Trove';
export const DEFAULT_KEY_ACCOUNT = 'api-key';

export const apiKeyInputSchema = z.string().trim().min(1, 'The API key is empty.').max(4096, 'That is too long for an API key.');

export function createKeyStore(options: KeyStoreOptions = {}): KeyStore {
  const { env = process.env, service = DEFAULT_KEY_SERVICE, account = DEFAULT_KEY_ACCOUNT } = options;
  let keychain: Keychain | undefined = options.keychain;

  const envKey = (): string | undefined => env[KEY_ENV_VAR]?.trim() || undefined;
  // A checked key the keychain could not keep (headless Linux): used until Trove quits.
  let session: { key: string; unsaved: NonNullable<KeyStatus['unsaved']> } | undefined;

  /** Runs one keychain operation; any failure becomes a KeyStoreError with the key redacted. */
  async function withKeychain<T>(operation: (keychain: Keychain) => Promise<T>, secret?: string): Promise<Result<T, KeyStoreError>> {
    if (keychain === undefined) {
      // Not kept when it fails: the next call tries again (e.g. after the user fixed it).
      const loaded = await loadKeychainBackend();
      if (!loaded.ok) return err(keychainFailure(loaded.error, 'load'));
      keychain = loaded.value.keychain;
    }
    try {
      return ok(await operation(keychain));
    } catch (error) {
      const failure = keychainFailure(error, 'use');
      return err({ ...failure, message: redactSecrets(failure.message, [secret]) });
    }
  }

  const store: KeyStore = {
    async getKey() {
      const fromEnv = envKey();
      if (fromEnv !== undefined) return ok(fromEnv);
      if (session !== undefined) return ok(session.key);
      const stored = await withKeychain((keychain) => keychain.getPassword(service, account));
      return stored.ok ? ok(stored.value ?? undefined) : stored;
    },
    async setKey(key) {
      const parsed = apiKeyInputSchema.safeParse(key);
      if (!parsed.success) {
        return err({ code: 'invalid_key', retryable: false, message: parsed.error.issues[0]?.message ?? 'Invalid API key.' });
      }
      const saved = await withKeychain((keychain) => keychain.setPassword(service, account, parsed.data), parsed.data);
      if (saved.ok) {
        session = undefined;
        return store.status();
      }
      if (saved.error.code === 'invalid_key') return saved;
      // The key is good but cannot be kept: it still works now, and the status says why it was not saved.
      session = { key: parsed.data, unsaved: { code: saved.error.code, message: saved.error.message } };
      return store.status();
    },
    async deleteKey() {
      if (session !== undefined) {
        session = undefined;
        return store.status();
      }
      const deleted = await withKeychain((keychain) => keychain.deletePassword(service, account));
      return deleted.ok ? store.status() : deleted;
    },
    async status() {
      if (envKey() === undefined && session !== undefined) return ok({ isSet: true, source: 'session', unsaved: session.unsaved });
      const key = await store.getKey();
      if (!key.ok) return key;
      if (key.value === undefined) return ok({ isSet: false, source: 'none' });
      return ok({ isSet: true, source: envKey() === undefined ? 'keychain' : 'environment' });
    },
  };
  return store;
}

/**
 * The key as the service client asks for it. A keychain failure rejects with its clear
 * message, which the client turns into a `key_unavailable` error.
 */
export function keyProvider(store: KeyStore): () => Promise<string | undefined> {
  return async () => {
    const key = await store.getKey();
    if (!key.ok) throw new Error(key.error.message);
    return key.value;
  };
}
