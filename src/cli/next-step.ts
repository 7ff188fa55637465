import { RETRYABLE_BY_CODE, apiErrorCodeSchema } from '../shared/error-codes';

const NO_KEYCHAIN = 'No keychain is reachable: install and unlock a Secret Service (e.g. gnome-keyring), or set TROVE_API_KEY instead.';

/** Advice keyed by error code: what the user can do about it from the command line. */
const ADVICE: Readonly<Record<string, string>> = {
  unauthorized: 'Store a valid key with `trove key set` (it reads the key from stdin) or set TROVE_API_KEY.',
  key_required: 'Store a valid key with `trove key set` (it reads the key from stdin) or set TROVE_API_KEY.',
  key_unavailable: NO_KEYCHAIN,
  keychain_unavailable: NO_KEYCHAIN,
  keychain_error: 'Unlock the keychain and try again, or set TROVE_API_KEY instead.',
  key_rejected: 'Copy the whole key from the developer console and run `trove key set` again.',
  invalid_key: 'Copy the whole key from the developer console and run `trove key set` again.',
  out_of_credits: 'Top up your credits, then run `trove queue resume` to continue where it stopped.',
  invalid_input: 'Check the command with `trove help <command>`.',
  invalid_settings: 'Check the option values with `trove help`.',
  network_error: 'Check that the service is reachable at the service URL (--service-url or TROVE_SERVICE_URL).',
  server_error: 'The service had a problem; try again later.',
  too_many_requests: 'The service is rate limiting this key; try again in a minute.',
  invalid_response: 'The service answered something Trove cannot read; run again with --debug and report it.',
  invalid_url: 'Check the link: copy it again from the address bar of the post.',
  unsupported_site: 'This site is not supported by the service.',
  unsupported_url: 'This kind of link is not supported for this site; try the link of a single post or a profile.',
  playlist_not_supported: 'Download the posts one by one instead.',
  internal: 'This is a bug in Trove; run again with --debug and report it.',
};

/** One sentence telling the user what to try next, or undefined when there is nothing useful to say. */
export function nextStep(code: string): string | undefined {
  const advice = ADVICE[code];
  if (advice !== undefined) return advice;
  const apiCode = apiErrorCodeSchema.safeParse(code);
  if (apiCode.success) {
    return RETRYABLE_BY_CODE[apiCode.data]
      ? 'This may work later: run `trove queue retry` (or the same command) again in a while.'
      : 'The service cannot download this content; retrying will not help.';
  }
  return undefined;
}
