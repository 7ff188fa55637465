import type { AsyncEntry, EntryOptions } from '@napi-rs/keyring';
import type { Keychain } from './keychain';

type KeyringModule = { AsyncEntry: typeof AsyncEntry };

// Without this, @napi-rs/keyring silently falls back on Linux to the kernel keyring, which
// lives in memory and is gone after a reboot: a key "saved" there would vanish. Pinned, a
// machine without a Secret Service gets an error that says so (keychainFailure).
const SECRET_SERVICE_ONLY: EntryOptions = { linux: { store: 'secret-service' } };

/**
 * @napi-rs/keyring (keyring-rs) as a Keychain. Its items: macOS, the same generic password
 * keytar uses (service, account); Secret Service, attributes service + username (keytar's
 * are service + account + xdg:schema); Windows, target "account.service" (keytar's is
 * "service/account"). mirroredKeychain makes the two find each other's key.
 */
export function keyringKeychain(keyring: KeyringModule): Keychain {
  // async: the constructor throws when the pinned store is unavailable; this makes that a rejection.
  const entry = async (service: string, account: string): Promise<AsyncEntry> => new keyring.AsyncEntry(service, account, SECRET_SERVICE_ONLY);
  return {
    getPassword: async (service, account) => (await entry(service, account)).getPassword(),
    setPassword: async (service, account, password) => (await entry(service, account)).setPassword(password),
    deletePassword: async (service, account) => (await entry(service, account)).deletePassword(),
  };
}
