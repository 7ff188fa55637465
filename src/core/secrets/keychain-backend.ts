import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { Keychain, KeychainBackend } from './keychain';
import { keyringKeychain } from './keyring-keychain';
import { mirroredKeychain } from './mirrored-keychain';

/** Loads each binding; a missing or unbuildable native module rejects. */
export interface KeychainModules {
  keytar(): Promise<Keychain>;
  keyring(): Promise<Keychain>;
}

// Both are CommonJS: the functions sit on `default` or on the namespace, depending on the loader.
const unwrap = <T>(loaded: T & { default?: T }): T => loaded.default ?? loaded;

/** The real bindings, imported on first use so a missing native module is an error, not a crash. */
export const nativeKeychainModules: KeychainModules = {
  keytar: async () => unwrap((await import('keytar')) as Keychain & { default?: Keychain }),
  keyring: async () => keyringKeychain(unwrap(await import('@napi-rs/keyring'))),
};

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The one place that decides which keychain binding Trove uses: keytar (the design card's)
 * if it loads, with @napi-rs/keyring beside it so keys saved by either are found; else
 * @napi-rs/keyring alone (prebuilt, so present where keytar could not be built); else an
 * error naming both reasons.
 */
export async function loadKeychainBackend(modules: KeychainModules = nativeKeychainModules): Promise<Result<KeychainBackend, Error>> {
  const [keytar, keyring] = await Promise.allSettled([modules.keytar(), modules.keyring()]);
  if (keytar.status === 'fulfilled') {
    return ok({ name: 'keytar', keychain: keyring.status === 'fulfilled' ? mirroredKeychain(keytar.value, keyring.value) : keytar.value });
  }
  if (keyring.status === 'fulfilled') return ok({ name: 'napi-rs-keyring', keychain: keyring.value });
  return err(new Error(`keytar: ${reasonOf(keytar.reason)}; @napi-rs/keyring: ${reasonOf(keyring.reason)}`));
}
