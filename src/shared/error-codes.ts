import { z } from 'zod';

/**
 * The one closed list of error codes: every code an error as data (`ErrorInfo`) can carry,
 * from the engine or from a face. Each code says whether trying the same thing again later
 * may help (`retryable`, the value a producer starts from) and what kind of trouble it is
 * (`category`). The core areas narrow it to their own subsets (ApiErrorCode,
 * DownloadErrorCode, MediaErrorCode, …); the faces word every code in exhaustive
 * `Record<ErrorCode, …>` tables, so a code added here fails the typecheck until every face
 * has words for it. How to add one: docs/ARCHITECTURE.md, "Error codes".
 */
export const ERROR_CATEGORIES = ['service', 'network', 'disk', 'media', 'keychain', 'input', 'canceled', 'bug'] as const;
export type ErrorCategory = (typeof ERROR_CATEGORIES)[number];

interface CodeFacts {
  category: ErrorCategory;
  retryable: boolean;
}

const facts = (category: ErrorCategory, retryable: boolean): CodeFacts => ({ category, retryable });

/**
 * The service's 18 extraction codes (spec, Errors), in the spec's order. The spec fixes only
 * `content_deleted` (false); `timeout` and `retryable` are retryable by their names; the
 * others are our judgement: transient failures on the platform's side are retryable,
 * properties of the content or the link are final. A v1 body's own `retryable` wins.
 */
const SERVICE_CODES = {
  unknown: facts('service', true),
  timeout: facts('service', true), // also ours: no complete answer within the client's timeout
  invalid_url: facts('service', false),
  extract_failed: facts('service', true),
  unsupported_url: facts('service', false),
  unsupported_site: facts('service', false),
  private_content: facts('service', false),
  live_stream_not_supported: facts('service', false),
  playlist_not_supported: facts('service', false),
  user_not_found: facts('service', false),
  no_story: facts('service', false),
  content_deleted: facts('service', false),
  invalid_playlist_url: facts('service', false),
  members_only_content: facts('service', false),
  not_premiered: facts('service', true),
  age_restricted: facts('service', false),
  region_restricted: facts('service', false),
  retryable: facts('service', true),
} as const;

export const ERROR_CODES = {
  ...SERVICE_CODES,

  // Talking to the service: one code per non-400 status, and our side of the wire.
  unauthorized: facts('keychain', false), // 401, or no key set
  out_of_credits: facts('service', false), // 402
  invalid_request: facts('service', false), // 422
  too_many_requests: facts('service', true), // 429
  server_error: facts('service', true), // 5xx
  invalid_response: facts('service', false), // a body that breaks the spec, or an unexpected status
  network_error: facts('network', true), // the service could not be reached
  resolution_expired: facts('service', false), // a preview's media links are too old to download from

  // Fetching media bytes from the platform's hosts.
  expired: facts('network', false), // 403/410: the signed link died; extract the post again
  link_expired: facts('network', false), // …and it may not (or no longer) be refreshed automatically
  http_error: facts('network', false), // the producer marks 408/429/5xx retryable
  network: facts('network', true), // the producer marks TLS failures final
  stalled: facts('network', true),
  too_short: facts('network', true),
  changed: facts('network', true),
  too_many_redirects: facts('network', false),
  too_large: facts('network', false),
  bad_media_url: facts('service', false), // the service sent a media link that is not an http(s) URL
  invalid_header: facts('service', false),
  nothing_to_download: facts('media', false),

  // Writing and reading files and the library.
  disk_full: facts('disk', false),
  permission_denied: facts('disk', false),
  path_too_long: facts('disk', false),
  io_error: facts('disk', false),
  /** A folder chosen in the settings refused a probe file: nothing was saved. */
  folder_not_writable: facts('disk', false),
  /** The download folder is a file, or cannot hold files (/proc): the user must choose another. */
  folder_unusable: facts('disk', false),
  write_failed: facts('disk', false),
  save_failed: facts('disk', false),
  delete_failed: facts('disk', false),
  open_failed: facts('disk', false),
  file_missing: facts('disk', false),
  settings_write_failed: facts('disk', true),
  thumbnail_write_failed: facts('disk', false),
  database_busy: facts('disk', true),
  database_io: facts('disk', true),
  database_read_only: facts('disk', false),
  database_unavailable: facts('disk', false),
  database_corrupt: facts('disk', false),
  database_constraint: facts('bug', false),
  database_error: facts('disk', false),
  database_too_new: facts('disk', false),
  migration_failed: facts('bug', false),

  // ffmpeg and the media files themselves. A failed merge of inputs ffmpeg could read fails
  // the same way again, so it is final: the user retries after changing something.
  ffmpeg_not_found: facts('media', false),
  ffmpeg_failed: facts('media', false),
  verify_failed: facts('media', false),
  embed_failed: facts('media', false),
  unsupported_container: facts('media', false),
  invalid_subtitles: facts('media', false),
  no_subtitle_format: facts('media', false),
  no_matching_subtitles: facts('media', false),
  thumbnail_too_large: facts('media', false),
  thumbnail_not_image: facts('media', false),

  // The API key and the OS keychain.
  key_required: facts('keychain', false),
  key_unavailable: facts('keychain', false),
  keychain_unavailable: facts('keychain', false),
  keychain_error: facts('keychain', false),
  invalid_key: facts('keychain', false),
  key_rejected: facts('keychain', false),

  // What the user (or a face) asked for cannot be done as asked.
  invalid_input: facts('input', false),
  invalid_link: facts('input', false),
  invalid_settings: facts('input', false),
  invalid_template: facts('input', false),
  invalid_file_name: facts('input', false),
  invalid_cursor: facts('input', false),
  path_outside_folder: facts('input', false),
  not_found: facts('input', false),
  job_not_found: facts('input', false),
  not_in_library: facts('input', false),
  not_allowed: facts('input', false),
  not_available: facts('input', false),
  duplicate: facts('input', false),
  /** A profile run stopped before a page that would have taken it past its cost cap; its place is kept. */
  cost_cap_reached: facts('input', false),
  unknown_command: facts('input', false),
  bad_message: facts('input', false),
  usage: facts('input', false),
  media_bad_path: facts('input', false),
  media_outside_roots: facts('input', false),
  media_not_found: facts('input', false),
  ui_not_built: facts('input', false),
  sandbox_failed: facts('network', true),
  disconnected: facts('network', true),

  // Stopped on purpose: by the user, a signal, or Trove shutting down.
  canceled: facts('canceled', false),
  interrupted: facts('canceled', false),
  closed: facts('canceled', false),

  // A bug in Trove.
  internal: facts('bug', false),
  invalid_transition: facts('bug', false),
  forbidden_sender: facts('bug', false),
} as const satisfies Record<string, CodeFacts>;

export type ErrorCode = keyof typeof ERROR_CODES;
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
export const errorCodeSchema = z.enum(ERROR_CODE_NAMES);

/** An area's own subset of the list: naming a code that is not in it fails the typecheck. */
export type ErrorCodes<T extends ErrorCode> = T;

export const isErrorCode = (value: string): value is ErrorCode => Object.hasOwn(ERROR_CODES, value);
export const categoryOf = (errorCode: ErrorCode): ErrorCategory => ERROR_CODES[errorCode].category;
export const retryableByDefault = (errorCode: ErrorCode): boolean => ERROR_CODES[errorCode].retryable;

/**
 * Codes an earlier Trove stored (in job rows) under another name, read as today's. Unknown
 * names from a newer Trove read as `unknown` rather than losing the stored message.
 */
const RENAMED_CODES: ReadonlyMap<string, ErrorCode> = new Map([['aborted', 'canceled']]);
export const storedErrorCode = (value: string): ErrorCode => RENAMED_CODES.get(value) ?? (isErrorCode(value) ? value : 'unknown');

/** The 18 machine-readable error codes of the v1 API, in the spec's order. */
export const API_ERROR_CODES = Object.keys(SERVICE_CODES) as [keyof typeof SERVICE_CODES, ...Array<keyof typeof SERVICE_CODES>];

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
 * Whether retrying the same link later might succeed, per service code: the list's value.
 * Used by the sandbox to answer and by the client to fill in the missing `retryable` of
 * legacy error bodies.
 */
export const RETRYABLE_BY_CODE: Readonly<Record<ApiErrorCode, boolean>> = Object.fromEntries(
  API_ERROR_CODES.map((name) => [name, SERVICE_CODES[name].retryable]),
) as Record<ApiErrorCode, boolean>;

/** Convert a legacy PascalCase code to v1; unknown names become `unknown`. */
export function legacyCodeToV1(code: string | undefined): ApiErrorCode {
  if (code === undefined) return 'unknown';
  const legacy = Object.hasOwn(LEGACY_ERROR_CODES, code) ? LEGACY_ERROR_CODES[code] : undefined;
  return legacy ?? apiErrorCodeSchema.safeParse(code).data ?? 'unknown';
}
