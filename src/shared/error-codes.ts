import { z } from 'zod';

/** The 18 machine-readable error codes of the v1 API, in the spec's order. */
export const API_ERROR_CODES = [
  'unknown',
  'timeout',
  'invalid_url',
  'extract_failed',
  'unsupported_url',
  'unsupported_site',
  'private_content',
  'live_stream_not_supported',
  'playlist_not_supported',
  'user_not_found',
  'no_story',
  'content_deleted',
  'invalid_playlist_url',
  'members_only_content',
  'not_premiered',
  'age_restricted',
  'region_restricted',
  'retryable',
] as const;

export const apiErrorCodeSchema = z.enum(API_ERROR_CODES);
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>;

/** The legacy API's PascalCase names, mapped to their v1 form (spec, Versioning). */
export const LEGACY_ERROR_CODES: Readonly<Record<string, ApiErrorCode>> = {
  Unknown: 'unknown',
  Timeout: 'timeout',
  InvalidURL: 'invalid_url',
  ExtractFailed: 'extract_failed',
  UnsupportedURL: 'unsupported_url',
  UnsupportedSite: 'unsupported_site',
  PrivateContent: 'private_content',
  LiveStreamNotSupported: 'live_stream_not_supported',
  PlaylistNotSupported: 'playlist_not_supported',
  UserNotFound: 'user_not_found',
  NoStory: 'no_story',
  ContentDeleted: 'content_deleted',
  InvalidPlaylistURL: 'invalid_playlist_url',
  MembersOnlyContent: 'members_only_content',
  NotPremiered: 'not_premiered',
  AgeRestricted: 'age_restricted',
  RegionRestricted: 'region_restricted',
  Retryable: 'retryable',
};

/** v1 code → legacy PascalCase code. */
export const V1_TO_LEGACY_ERROR_CODE: Readonly<Record<ApiErrorCode, string>> = Object.fromEntries(
  Object.entries(LEGACY_ERROR_CODES).map(([legacy, v1]) => [v1, legacy]),
) as Record<ApiErrorCode, string>;

/**
 * Whether retrying the same link later might succeed, per code. The spec fixes only
 * `content_deleted` (false); `timeout` and `retryable` are retryable by their names; the
 * others are our judgement: transient failures on the platform's side are retryable,
 * properties of the content or the link are final. Used by the sandbox to answer and by
 * the client to fill in the missing `retryable` of legacy error bodies.
 */
export const RETRYABLE_BY_CODE: Readonly<Record<ApiErrorCode, boolean>> = {
  unknown: true,
  timeout: true,
  invalid_url: false,
  extract_failed: true,
  unsupported_url: false,
  unsupported_site: false,
  private_content: false,
  live_stream_not_supported: false,
  playlist_not_supported: false,
  user_not_found: false,
  no_story: false,
  content_deleted: false,
  invalid_playlist_url: false,
  members_only_content: false,
  not_premiered: true,
  age_restricted: false,
  region_restricted: false,
  retryable: true,
};

/** Convert a legacy PascalCase code to v1; unknown names become `unknown`. */
export function legacyCodeToV1(code: string | undefined): ApiErrorCode {
  if (code === undefined) return 'unknown';
  return LEGACY_ERROR_CODES[code] ?? (apiErrorCodeSchema.safeParse(code).data ?? 'unknown');
}
