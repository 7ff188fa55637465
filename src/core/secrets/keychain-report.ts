import { DEFAULT_KEY_ACCOUNT, DEFAULT_KEY_SERVICE, KEY_ENV_VAR, KEY_SERVICE_ENV_VAR } from './key-store';
import type { KeychainBackendName } from './keychain';
import { loadKeychainBackend } from './keychain-backend';
import type { KeychainModules } from './keychain-backend';
import { keychainProblem } from './keychain-error';
import type { KeychainProblem } from './keychain-error';

/** Which keychain binding Trove uses and whether it works, for `trove doctor`. Never holds the key. */
export interface KeychainReport {
  backend: KeychainBackendName | 'none';
  works: boolean;
  problem?: string;
  fix?: string;
}

export interface DescribeKeychainOptions {
  env?: NodeJS.ProcessEnv;
  /** Default: the real bindings. */
  modules?: KeychainModules;
  /** How long the read may take: a locked keychain may sit on an unlock prompt. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Loads the binding the key store would use and reads Trove's item through it, which is
 * what fails when there is no Secret Service or the keychain refuses. The value read is
 * dropped on the spot: only whether the read worked leaves this function.
 */
export async function describeKeychain(options: DescribeKeychainOptions = {}): Promise<KeychainReport> {
  const { env = process.env, modules, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const failed = (backend: KeychainReport['backend'], { problem, fix }: KeychainProblem): KeychainReport => ({
    backend,
    works: false,
    problem,
    fix: env[KEY_ENV_VAR]?.trim() ? `Nothing to do while ${KEY_ENV_VAR} is set: Trove uses it and does not need the keychain. To keep the key in the keychain instead: ${fix}` : fix,
  });
  const loaded = await loadKeychainBackend(modules);
  if (!loaded.ok) return failed('none', keychainProblem(loaded.error, 'load'));
  const { name, keychain } = loaded.value;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    const read = keychain.getPassword(env[KEY_SERVICE_ENV_VAR] || DEFAULT_KEY_SERVICE, DEFAULT_KEY_ACCOUNT).then(() => 'answered' as const);
    if ((await Promise.race([read, timeout])) === 'timeout') {
      return failed(name, {
        code: 'keychain_error',
        problem: `The keychain did not answer within ${timeoutMs / 1000} s.`,
        fix: 'Unlock the keychain (an unlock prompt may be waiting) and try again, or set the TROVE_API_KEY environment variable instead.',
      });
    }
    return { backend: name, works: true };
  } catch (error) {
    return failed(name, keychainProblem(error, 'use'));
  } finally {
    clearTimeout(timer);
  }
}
