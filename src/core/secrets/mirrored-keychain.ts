import type { Keychain } from './keychain';

/**
 * keytar with @napi-rs/keyring beside it. On Linux and Windows the two bindings keep the
 * same key as different items (see keyringKeychain), and the fallback alone cannot reach
 * keytar's. So this side writes both, reads the fallback's first (both paths write it, so
 * it is never older than keytar's) then keytar's (keys saved before the fallback existed
 * are only there), and deletes both: a key saved on either path is found on the other,
 * and a delete here leaves no copy behind. On macOS both are one item.
 *
 * keytar stays the authority on this side: where the second binding fails (a Secret
 * Service it cannot talk to, say) keytar's answer stands, as it did before the fallback
 * existed. Such a machine cannot have saved a key through the fallback either.
 */
export function mirroredKeychain(keytar: Keychain, keyring: Keychain): Keychain {
  const fromKeyring = async <T>(operation: () => Promise<T>, otherwise: T): Promise<T> => {
    try {
      return await operation();
    } catch {
      return otherwise;
    }
  };
  return {
    async getPassword(service, account) {
      return (await fromKeyring(() => keyring.getPassword(service, account), null)) ?? (await keytar.getPassword(service, account));
    },
    async setPassword(service, account, password) {
      await keytar.setPassword(service, account, password);
      await fromKeyring(() => keyring.setPassword(service, account, password), undefined);
    },
    async deletePassword(service, account) {
      const deleted = await keytar.deletePassword(service, account);
      return (await fromKeyring(() => keyring.deletePassword(service, account), false)) || deleted;
    },
  };
}
