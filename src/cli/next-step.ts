import { RETRYABLE_BY_CODE, apiErrorCodeSchema } from '../shared/error-codes';
import type { ErrorInfo } from '../shared/errors';

const SET_KEY = 'Store a valid key with `trove key set` (it reads the key from stdin) or set TROVE_API_KEY.';
const NO_KEYCHAIN = 'No keychain is reachable: install and unlock a Secret Service (e.g. gnome-keyring), or set TROVE_API_KEY instead.';
const NEW_KEY = 'Copy the whole key from the developer console and run `trove key set` again.';

/**
 * Advice that names what to type in a terminal. Other codes take the engine's own next
 * step (`detail.nextStep`), which is the same for every face.
 */
const CLI_ADVICE: Readonly<Record<string, string>> = {
  unauthorized: SET_KEY,
  key_required: SET_KEY,
  key_unavailable: NO_KEYCHAIN,
  keychain_unavailable: NO_KEYCHAIN,
  keychain_error: 'Unlock the keychain and try again, or set TROVE_API_KEY instead.',
  key_rejected: NEW_KEY,
  invalid_key: NEW_KEY,
  out_of_credits: 'Top up your credits, then run `trove queue resume` to continue where it stopped.',
  invalid_input: 'Check the command with `trove help <command>`.',
  invalid_link: 'Check the link: it must be one http:// or https:// address.',
  job_not_found: 'See the jobs and their ids with `trove queue list`.',
  network_error: 'Check that the service is reachable at the service URL (--service-url or TROVE_SERVICE_URL).',
  invalid_response: 'The service answered something Trove cannot read; run again with --debug and report it.',
  internal: 'This is a bug in Trove; run again with --debug and report it.',
};

const engineNextStep = (detail: unknown): string | undefined => {
  if (typeof detail !== 'object' || detail === null) return undefined;
  const step = (detail as { nextStep?: unknown }).nextStep;
  return typeof step === 'string' && step !== '' ? step : undefined;
};

/** One sentence telling the user what to try next, or undefined when there is nothing useful to say. */
export function nextStep(error: Pick<ErrorInfo, 'code' | 'detail'>): string | undefined {
  const advice = CLI_ADVICE[error.code] ?? engineNextStep(error.detail);
  if (advice !== undefined) return advice;
  const apiCode = apiErrorCodeSchema.safeParse(error.code);
  if (!apiCode.success) return undefined;
  return RETRYABLE_BY_CODE[apiCode.data]
    ? 'This may work later: run `trove queue retry` (or the same command) again in a while.'
    : 'The service cannot download this content; retrying will not help.';
}
