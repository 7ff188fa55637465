import type { ErrorCode } from '../../shared/error-codes';
import { retryableByDefault } from '../../shared/error-codes';
import { errnoOf } from '../fs';

/*
 * Download failures as data. `retryable` says whether the same request may succeed later
 * (downloadFile already retried those); `expired` means the signed media URL no longer
 * works, so the caller should extract the post again for a fresh one. `partKept` tells
 * whether a `.part` file waits for a later resume.
 */

export const DOWNLOAD_ERROR_CODES = [
  'expired',
  'http_error',
  'network',
  'stalled',
  'too_short',
  'disk_full',
  'permission_denied',
  'path_too_long',
  'io_error',
  'bad_media_url',
  /** The folder cannot be made or is not a folder: the user must choose another. */
  'folder_unusable',
  'invalid_header',
  'invalid_file_name',
  'canceled',
  'too_many_redirects',
  'changed',
] as const satisfies readonly ErrorCode[];
export type DownloadErrorCode = (typeof DOWNLOAD_ERROR_CODES)[number];

export interface DownloadError {
  kind: 'download';
  code: DownloadErrorCode;
  retryable: boolean;
  message: string;
  /** The HTTP status, for `expired` and `http_error`. */
  status?: number;
  partKept: boolean;
}

export function downloadError(
  code: DownloadErrorCode,
  message: string,
  extra: { status?: number; retryable?: boolean } = {},
): DownloadError {
  return {
    kind: 'download',
    code,
    retryable: extra.retryable ?? retryableByDefault(code),
    message,
    ...(extra.status === undefined ? {} : { status: extra.status }),
    partKept: false,
  };
}

/** Carries a DownloadError through the async layers of one download; never escapes downloadFile. */
export class DownloadFailure extends Error {
  constructor(readonly info: DownloadError) {
    super(info.message);
  }
}

export const fail = (...args: Parameters<typeof downloadError>): DownloadFailure => new DownloadFailure(downloadError(...args));

export { errnoOf };

/** A file-system error while creating, writing or renaming the download. */
export function diskError(error: unknown, path: string): DownloadError {
  switch (errnoOf(error)) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return downloadError('disk_full', `The disk is full (writing ${path}). Free some space and resume.`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return downloadError('permission_denied', `Trove may not write ${path}. Choose another folder or fix its permissions.`);
    case 'ENAMETOOLONG':
      return downloadError('path_too_long', `The path is too long for this file system: ${path}. Choose a shorter folder or file-name template.`);
    default: {
      const reason = error instanceof Error ? error.message : String(error);
      return downloadError('io_error', `Could not write ${path}: ${reason}`);
    }
  }
}

// Certificate problems do not go away by retrying.
const TLS_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS|ERR_SSL/;

/** A socket, DNS or TLS error while talking to the media host. */
export function networkError(error: unknown, host: string): DownloadError {
  const code = errnoOf(error) ?? 'unknown';
  const reason = error instanceof Error ? error.message : String(error);
  if (TLS_FAILURE.test(code)) {
    return downloadError('network', `The secure connection to ${host} failed (${code}): ${reason}`, { retryable: false });
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return downloadError('network', `The host ${host} was not found. Check the network connection.`);
  }
  return downloadError('network', `The connection to ${host} failed (${code}): ${reason}`);
}

/** A response status the download cannot use. */
export function statusError(status: number, host: string): DownloadError {
  if (status === 403 || status === 410) {
    return downloadError('expired', `The media host ${host} refused the link (HTTP ${status}): it has expired or needs fresh headers; extract the post again.`, { status });
  }
  const retryable = status === 408 || status === 429 || status >= 500;
  return downloadError('http_error', `The media host ${host} answered HTTP ${status}.`, { status, retryable });
}
