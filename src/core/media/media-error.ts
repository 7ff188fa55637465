/** Post-processing failures as data, like DownloadError for the download stage. */
export const MEDIA_ERROR_CODES = ['ffmpeg_not_found', 'invalid_input', 'ffmpeg_failed', 'verify_failed', 'canceled', 'io_error'] as const;
export type MediaErrorCode = (typeof MEDIA_ERROR_CODES)[number];

export interface MediaError {
  kind: 'media';
  code: MediaErrorCode;
  message: string;
  retryable: boolean;
}

export const mediaError = (code: MediaErrorCode, message: string): MediaError => ({
  kind: 'media',
  code,
  message,
  // A crashed or killed ffmpeg may succeed the next time; bad input and a missing binary will not.
  retryable: code === 'ffmpeg_failed' || code === 'io_error',
});
