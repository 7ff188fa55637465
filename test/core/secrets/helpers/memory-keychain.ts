import type { Keychain } from '../../../../src/core/secrets/keychain';

/** The OS keychain as a map, for tests about something else than the keychain (real ones: key-store.test.ts). */
export function memoryKeychain(): Keychain {
  const saved = new Map<string, string>();
  return {
    getPassword: async (service, account) => saved.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void saved.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => saved.delete(`${service}/${account}`),
  };
}
