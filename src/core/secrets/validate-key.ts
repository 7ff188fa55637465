import type { KeyStatus } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { ServiceClient } from '../api';
import { apiKeyInputSchema } from './key-store';
import type { KeyStore } from './key-store';

export interface KeyValidation {
  status: KeyStatus;
  availableCredits: number;
}

/** Builds a client that uses the given key provider (the app's settings otherwise). */
export type ClientFactory = (getKey: () => Promise<string | undefined>) => Pick<ServiceClient, 'credits'>;

/**
 * Checks a new key with a free `credits()` call before saving it: a key the service
 * refuses (401) is never stored, nor one that could not be checked.
 */
export async function validateAndStoreKey(
  key: string,
  createClient: ClientFactory,
  store: KeyStore,
): Promise<Result<KeyValidation, ErrorInfo>> {
  const parsed = apiKeyInputSchema.safeParse(key);
  if (!parsed.success) {
    return err({ code: 'invalid_key', retryable: false, message: parsed.error.issues[0]?.message ?? 'Invalid API key.' });
  }
  const candidate = parsed.data;
  const balance = await createClient(() => Promise.resolve(candidate)).credits();
  if (!balance.ok) {
    const { code, message, retryable } = balance.error;
    if (code === 'unauthorized') {
      return err({
        code: 'key_rejected',
        retryable: false,
        message: `The service refused this API key, so it was not saved. Check that you copied the whole key from the developer console. (${message})`,
      });
    }
    return err({ code, retryable, message: `The key could not be checked, so it was not saved: ${message}` });
  }
  const saved = await store.setKey(candidate);
  if (!saved.ok) return saved;
  return ok({ status: saved.value, availableCredits: balance.value.availableCredits });
}
