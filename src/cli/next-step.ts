import type { ErrorCode } from '../shared/error-codes';
import type { ErrorInfo } from '../shared/errors';

const SET_KEY = 'Store a valid key with `trove key set` (it reads the key from stdin) or set TROVE_API_KEY.';
const NO_KEYCHAIN = 'No keychain is reachable: install and unlock a Secret Service (e.g. gnome-keyring), or set TROVE_API_KEY instead.';
const NEW_KEY = 'Copy the whole key from the developer console and run `trove key set` again.';
const LATER = 'This may work later: run `trove queue retry` (or the same command) again in a while.';
const FINAL = 'The service cannot download this content; retrying will not help.';
const BUG = 'This is a bug in Trove; run again with --debug and report it.';
const FREE_SPACE = 'Free some space on that disk, then run `trove queue retry`.';
const FOLDER = 'Choose another download folder (--out, or Settings in the app) or fix its permissions.';
const LIBRARY = 'Check that the data folder (--data-dir or TROVE_DATA_DIR) is on a writable disk, then try again.';
const FFMPEG = 'Install ffmpeg (e.g. "sudo apt install ffmpeg") or point FFMPEG_PATH at a working one; `trove doctor` shows what was found.';
const AGAIN = 'Extract it again: run the same `trove get` command.';
const HELP = 'Check the command with `trove help <command>`.';

/**
 * What to type next, per code: every code has an entry, so a code added to the list fails
 * the typecheck here until the CLI has words for it. `null`: the message says it all (a
 * failed job then gets `trove queue retry <id>` when its error is retryable).
 */
const CLI_ADVICE: Readonly<Record<ErrorCode, string | null>> = {
  // The service's 18 codes.
  unknown: LATER,
  timeout: LATER,
  invalid_url: 'Check the link: copy it again from the address bar.',
  extract_failed: LATER,
  unsupported_url: 'Use a link to a single post, a profile or a playlist.',
  unsupported_site: 'This platform is not supported by the service.',
  private_content: 'Only public content can be downloaded.',
  live_stream_not_supported: 'Live streams can be downloaded once they have ended.',
  playlist_not_supported: 'Playlists from this site are not supported; pass the links of single posts.',
  user_not_found: 'No account by that name was found; check the spelling of the link.',
  no_story: FINAL,
  content_deleted: 'The post was deleted; nothing can be downloaded.',
  invalid_playlist_url: 'That is not a link to a profile or playlist.',
  members_only_content: FINAL,
  not_premiered: 'Try again after the video has premiered.',
  age_restricted: FINAL,
  region_restricted: FINAL,
  retryable: LATER,
  // Talking to the service.
  unauthorized: SET_KEY,
  out_of_credits: 'Top up your credits, then run `trove queue resume` to continue where it stopped.',
  invalid_request: 'The service refused the request; run again with --debug and report it.',
  too_many_requests: 'Trove slows down and retries by itself; run the command again later if it gave up.',
  server_error: 'The service had a problem; try again later.',
  invalid_response: 'The service answered something Trove cannot read; run again with --debug and report it.',
  network_error: 'Check that the service is reachable at the service URL (--service-url or TROVE_SERVICE_URL).',
  resolution_expired: 'Extract the link again: the media links of this answer are too old.',
  // Media hosts.
  expired: AGAIN,
  link_expired: 'Run `trove queue retry` to extract the post again (a charged call), or turn on "refresh expired links" in the app\'s Settings.',
  http_error: null,
  network: 'Check the network connection, then run `trove queue retry`.',
  stalled: null,
  too_short: null,
  changed: AGAIN,
  too_many_redirects: AGAIN,
  too_large: null,
  bad_media_url: 'The service sent an unusable media link; try again later or report the link.',
  invalid_header: 'The service sent an unusable media request; try again later or report the link.',
  nothing_to_download: null,
  // Files and the library.
  disk_full: FREE_SPACE,
  permission_denied: FOLDER,
  path_too_long: 'Choose a shorter download folder (--out) or file-name template (Settings in the app).',
  io_error: FOLDER,
  folder_not_writable: FOLDER,
  folder_unusable: FOLDER,
  invalid_file_name: 'Change the file-name template (Settings in the app): it made a name the folder cannot take.',
  write_failed: FOLDER,
  save_failed: FOLDER,
  delete_failed: 'Close any program using those files and delete them by hand.',
  open_failed: null,
  file_missing: 'The file was moved or deleted; download the post again with `trove get --force`.',
  settings_write_failed: LIBRARY,
  thumbnail_write_failed: null,
  database_busy: 'Another Trove is using the library; wait for it, or close it, and try again.',
  database_io: LIBRARY,
  database_read_only: LIBRARY,
  database_unavailable: LIBRARY,
  database_corrupt: 'The library file is damaged: restore it from a backup, or move it away to start a new one.',
  database_constraint: BUG,
  database_error: LIBRARY,
  database_too_new: 'Update Trove: this library was written by a newer version.',
  migration_failed: BUG,
  // ffmpeg and media files.
  ffmpeg_not_found: FFMPEG,
  ffmpeg_failed: 'Run `trove doctor` to check ffmpeg; retry with `trove queue retry` once it is fixed, or report the link.',
  verify_failed: 'Run `trove queue retry` to merge again; if it fails the same way, report the link.',
  embed_failed: 'The subtitles stay as separate files next to the video.',
  unsupported_container: 'The subtitles stay as separate files next to the video.',
  invalid_subtitles: null,
  no_subtitle_format: null,
  no_matching_subtitles: 'List what is offered with `trove subtitles <link>` and pick one of those languages.',
  thumbnail_too_large: null,
  thumbnail_not_image: null,
  // The key and the keychain.
  key_required: SET_KEY,
  key_unavailable: NO_KEYCHAIN,
  keychain_unavailable: NO_KEYCHAIN,
  keychain_error: 'Unlock the keychain and try again, or set TROVE_API_KEY instead.',
  invalid_key: NEW_KEY,
  key_rejected: NEW_KEY,
  // Input.
  invalid_input: HELP,
  invalid_link: 'Check the link: it must be one http:// or https:// address.',
  invalid_settings: 'Fix the value in Settings in the app, or reset it there.',
  invalid_template: 'Use fields such as {caption}, {id} and {site} in the template.',
  invalid_cursor: null,
  path_outside_folder: 'Change the file-name template so names stay inside the folder.',
  not_found: null,
  job_not_found: 'See the jobs and their ids with `trove queue list`.',
  not_in_library: null,
  not_allowed: null,
  not_available: null,
  duplicate: 'Add --force to download it again.',
  cost_cap_reached: 'Its place is kept: `trove queue retry <id>` continues from there, for up to the same cap again.',
  unknown_command: HELP,
  bad_message: BUG,
  usage: HELP,
  media_bad_path: null,
  media_outside_roots: null,
  media_not_found: null,
  ui_not_built: null,
  sandbox_failed: null,
  disconnected: null,
  // Stopped on purpose.
  canceled: null,
  interrupted: null,
  closed: null,
  // Bugs.
  internal: BUG,
  invalid_transition: BUG,
  forbidden_sender: BUG,
};

/** One sentence telling the user what to type next, or undefined when the message says it all. */
export function nextStep(error: Pick<ErrorInfo, 'code'>): string | undefined {
  return CLI_ADVICE[error.code] ?? undefined;
}
