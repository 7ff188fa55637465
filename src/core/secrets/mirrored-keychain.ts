import type { Keychain } from './keychain';

/**
 * keytar with @napi-rs/keyring beside it. On Linux and Windows the two bindings keep the
 * same key as different items (see keyringKeychain), and the fallback alone cannot reach
 * keytar's. So this side writes both, reads the fallback's first (both paths write it, so
 * it is never older than keytar's) then keytar's (keys saved before the fallback existed
 * are only there), and deletes both: a key saved on either path is found on the other,
 * and a delete here leaves no copy behind. On macOS both are one item.
 */
export function mirroredKeychain(keytar: Keychain, keyring: Keychain): Keychain {
  return {
    async getPassword(service, account) {
      return (await keyring.getPassword(service, account)) ?? (await keytar.getPassword(service, account));
    },
    async setPassword(service, account, password) {
      await keytar.setPassword(service, account, password);
      await keyring.setPassword(service, account, password);
    },
    async deletePassword(service, account) {
      const fromKeytar = await keytar.deletePassword(service, account);
      const fromKeyring = await keyring.deletePassword(service, account);
      return fromKeytar || fromKeyring;
    },
  };
}
