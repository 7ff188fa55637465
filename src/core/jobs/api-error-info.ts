import type { ErrorInfo } from '../../shared/errors';
import type { ApiError } from '../api';

/** What the user can do next, per failure: the faces show it under the server's message. */
const NEXT_STEP: Partial<Record<string, string>> = {
  unauthorized: 'Set a valid API key in Settings (or TROVE_API_KEY).',
  key_unavailable: 'Set the key through TROVE_API_KEY, or install a keychain (Secret Service).',
  out_of_credits: 'Add credits in the developer console; paused jobs resume after a top-up.',
  too_many_requests: 'Trove slows down and retries by itself.',
  invalid_url: 'Check the link: copy it again from the address bar.',
  unsupported_site: 'This platform is not supported by the service.',
  unsupported_url: 'Use a link to a single post, a profile or a playlist.',
  private_content: 'Only public content can be downloaded.',
  content_deleted: 'The post was deleted; nothing can be downloaded.',
  network_error: 'Check the connection and the service URL in Settings.',
  server_error: 'The service had a problem; try again later.',
};

/** An ApiError as the faces get it: the server's localized message, the code, a next step. */
export function apiErrorInfo(error: ApiError): ErrorInfo {
  const next = NEXT_STEP[error.code] ?? (error.retryable ? 'Try again later.' : undefined);
  return {
    code: error.code,
    message: error.message,
    retryable: error.retryable,
    detail: { status: error.status, endpoint: error.endpoint, ...(next ? { nextStep: next } : {}), ...(error.detail !== undefined ? { detail: error.detail } : {}) },
  };
}
