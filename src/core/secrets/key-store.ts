import { z } from 'zod';
import type { KeyStatus } from '../../shared/contract';
import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import { keychainFailure } from './keychain-error';
import type { KeyStoreError } from './keychain-error';
import { redactSecrets } from './redact-secrets';

/** The part of keytar we use: a test or another platform can pass its own. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeyStoreOptions {
  /** Default: keytar, loaded on first use so a missing native module is an error, not a crash. */
  keytar?: KeytarLike;
  env?: NodeJS.ProcessEnv;
  service?: string;
  account?: string;
}

/** Every method returns data, never throws; only `isSet` ever leaves the engine, not the key. */
export interface KeyStore {
  getKey(): Promise<Result<string | undefined, KeyStoreError>>;
  setKey(key: string): Promise<Result<KeyStatus, KeyStoreError>>;
  deleteKey(): Promise<Result<KeyStatus, KeyStoreError>>;
  status(): Promise<Result<KeyStatus, KeyStoreError>>;
}

export const KEY_ENV_VAR = 'TROVE_API_KEY';

export const apiKeyInputSchema = z.string().trim().min(1, 'The API key is empty.').max(4096, 'That is too long for an API key.');

type Keytar = KeytarLike & { default?: KeytarLike };

export function createKeyStore(options: KeyStoreOptions = {}): KeyStore {
  const { env = process.env, service = 'Trove', account = 'api-key' } = options;
  let keytar: KeytarLike | undefined = options.keytar;

  const envKey = (): string | undefined => env[KEY_ENV_VAR]?.trim() || undefined;

  /** Runs one keytar operation; any failure becomes a KeyStoreError with the key redacted. */
  async function withKeytar<T>(operation: (keychain: KeytarLike) => Promise<T>, secret?: string): Promise<Result<T, KeyStoreError>> {
    if (keytar === undefined) {
      try {
        const loaded = (await import('keytar')) as Keytar;
        keytar = loaded.default ?? loaded;
      } catch (error) {
        return err(keychainFailure(error, 'load'));
      }
    }
    try {
      return ok(await operation(keytar));
    } catch (error) {
      const failure = keychainFailure(error, 'use');
      return err({ ...failure, message: redactSecrets(failure.message, [secret]) });
    }
  }

  const store: KeyStore = {
    async getKey() {
      const fromEnv = envKey();
      if (fromEnv !== undefined) return ok(fromEnv);
      const stored = await withKeytar((keychain) => keychain.getPassword(service, account));
      return stored.ok ? ok(stored.value ?? undefined) : stored;
    },
    async setKey(key) {
      const parsed = apiKeyInputSchema.safeParse(key);
      if (!parsed.success) {
        return err({ code: 'invalid_key', retryable: false, message: parsed.error.issues[0]?.message ?? 'Invalid API key.' });
      }
      const saved = await withKeytar((keychain) => keychain.setPassword(service, account, parsed.data), parsed.data);
      return saved.ok ? store.status() : saved;
    },
    async deleteKey() {
      const deleted = await withKeytar((keychain) => keychain.deletePassword(service, account));
      return deleted.ok ? store.status() : deleted;
    },
    async status() {
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
