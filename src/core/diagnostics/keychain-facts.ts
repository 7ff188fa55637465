import type { KeyStore } from '../secrets/key-store';
import type { KeychainFacts } from './collect-diagnostics';

/** Until the keychain report lands: keytar works when the key store can ask it. */
export async function keychainFacts(keys: KeyStore): Promise<KeychainFacts> {
  const status = await keys.status();
  return status.ok ? { backend: 'keytar', works: true } : { backend: 'none', works: false, problem: status.error.message };
}
