import type { ErrorInfo, Result } from '../../shared/errors';
import type { ServiceClient } from './service-client';

/** Errors that mean nothing like the service answered at that address. */
const NOT_THE_SERVICE = new Set(['network_error', 'timeout', 'invalid_response']);

/**
 * Whether the Media Extraction Service answers at the client's address, asked with the free
 * credit query. A refused or missing key still proves the address right (the key is checked
 * on its own); no answer, or an answer that is not the service's, proves it wrong.
 */
export async function checkServiceAnswers(client: Pick<ServiceClient, 'credits'>): Promise<Result<Record<string, never>, ErrorInfo>> {
  const answer = await client.credits();
  if (answer.ok || !NOT_THE_SERVICE.has(answer.error.code)) return { ok: true, value: {} };
  return { ok: false, error: { code: answer.error.code, retryable: false, message: `No Media Extraction Service answered at that address, so it was not saved: ${answer.error.message}` } };
}
