import { API_ERROR_CODES } from '../shared/error-codes';
import type { ErrorCode } from '../shared/error-codes';
import type { ErrorInfo } from '../shared/errors';
import type { JobView } from '../shared/jobs';

/** The exit codes of `trove`, as documented in docs/cli.md. */
export const EXIT = {
  ok: 0,
  someFailed: 1,
  usage: 2,
  apiError: 3,
  key: 4,
  credits: 5,
  download: 6,
  /** All done, but an extra asked for (subtitles, the file's details) could not be had. */
  doneWithProblems: 7,
  interrupted: 130,
} as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A key missing, refused or unreadable: the client's 401 and the key store's failures. */
const KEY_CODES = new Set<ErrorCode>(['unauthorized', 'key_required', 'key_unavailable', 'key_rejected', 'invalid_key', 'keychain_unavailable', 'keychain_error']);
/** Out of credits, or a profile run stopped at the cost cap the user set (`--max-credits`). */
const CREDIT_CODES = new Set<ErrorCode>(['out_of_credits', 'cost_cap_reached']);
const USAGE_CODES = new Set<ErrorCode>(['invalid_input', 'invalid_link', 'invalid_settings', 'unknown_command']);
/** The service's own codes plus what the client reports about talking to it. */
const API_CODES = new Set<ErrorCode>([
  ...API_ERROR_CODES,
  'invalid_request',
  'too_many_requests',
  'server_error',
  'network_error',
  'invalid_response',
]);

/**
 * The exit code for one error. `context` decides codes the CLI cannot classify: inside a
 * download job anything else is a download or merge failure (6), for a plain command it
 * is a general failure (1).
 */
export function exitCodeForError(error: Pick<ErrorInfo, 'code'>, context: 'job' | 'command'): ExitCode {
  if (KEY_CODES.has(error.code)) return EXIT.key;
  if (CREDIT_CODES.has(error.code)) return EXIT.credits;
  if (USAGE_CODES.has(error.code)) return EXIT.usage;
  if (API_CODES.has(error.code)) return EXIT.apiError;
  return context === 'job' ? EXIT.download : EXIT.someFailed;
}

/** When nothing succeeded, the failure the user must act on first decides the code. */
const SEVERITY: readonly ExitCode[] = [EXIT.key, EXIT.credits, EXIT.apiError, EXIT.download, EXIT.someFailed];

/**
 * The exit code of a run over jobs (`get`, `queue resume`): a queue stopped for the key
 * or for credits says so; all done is 0, or 7 when a done job could not have an extra it
 * asked for; some done and some not is 1; none done takes the code of the most pressing
 * failure.
 */
export function exitCodeForJobs(jobs: readonly Pick<JobView, 'state' | 'pauseReason' | 'error' | 'problems'>[]): ExitCode {
  if (jobs.some((job) => job.state === 'paused' && job.pauseReason === 'key_required')) return EXIT.key;
  if (jobs.some((job) => job.state === 'paused' && job.pauseReason === 'out_of_credits')) return EXIT.credits;
  const unfinished = jobs.filter((job) => job.state !== 'done');
  if (unfinished.length === 0) return jobs.some((job) => job.problems !== undefined) ? EXIT.doneWithProblems : EXIT.ok;
  if (unfinished.length < jobs.length) return EXIT.someFailed;
  const codes = new Set(unfinished.map((job) => (job.error ? exitCodeForError(job.error, 'job') : EXIT.someFailed)));
  return SEVERITY.find((code) => codes.has(code)) ?? EXIT.someFailed;
}
