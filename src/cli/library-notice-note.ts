import type { LibraryNotice } from '../shared/library-rebuild';

const REBUILD = 'Your downloaded files are untouched: `trove library rebuild` rebuilds the library from them (it reads only the files: no credits).';

/**
 * The warning a command prints (stderr, not with --json or --quiet) when the library was
 * damaged and moved aside at start-up, or is missing beside a download folder with files
 * in it; `rebuilding` leaves out the second when the command is the rebuild itself.
 */
export function libraryNoticeNote(notice: LibraryNotice | undefined, rebuilding: boolean): string | undefined {
  if (notice?.kind === 'corrupt') {
    return `Warning: the library was damaged (${notice.reason}). It was moved aside to ${notice.movedTo}, and Trove started with an empty library. ${REBUILD}`;
  }
  if (notice?.kind === 'missing' && !rebuilding) return `Note: there is no library yet, but ${notice.downloadFolder} has files in it. ${REBUILD}`;
  return undefined;
}
