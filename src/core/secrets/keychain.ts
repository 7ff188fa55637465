/**
 * The part of an OS keychain binding the key store uses, in keytar's shape (keytar and
 * @napi-rs/keyring both offer it; a test passes its own).
 */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  /** True when an item was deleted, false when there was none. */
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type KeychainBackendName = 'keytar' | 'napi-rs-keyring';

/** The binding the key store uses, with its name for `trove doctor`. */
export interface KeychainBackend {
  name: KeychainBackendName;
  keychain: Keychain;
}
