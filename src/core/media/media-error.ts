import type { ErrorCode } from '../../shared/error-codes';
import { retryableByDefault } from '../../shared/error-codes';

/** Post-processing failures as data, like DownloadError for the download stage. */
export const MEDIA_ERROR_CODES = [
  'ffmpeg_not_found',
  'invalid_input',
  'ffmpeg_failed',
  'verify_failed',
  'canceled',
  'io_error',
] as const satisfies readonly ErrorCode[];
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];

export interface MediaError {
  kind: 'media';
  code: MediaErrorCode;
  message: string;
  retryable: boolean;
}

export const mediaError = (code: MediaErrorCode, message: string): MediaError => ({ kind: 'media', code, message, retryable: retryableByDefault(code) });
