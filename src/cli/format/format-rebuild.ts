import type { RebuildReport } from '../../shared/library-rebuild';

const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
/** Long lists are cut: the --json result has them whole. */
const LISTED = 20;
const listed = (paths: readonly string[]): string[] => [
  ...paths.slice(0, LISTED).map((path) => `  ${path}`),
  ...(paths.length > LISTED ? [`  … and ${paths.length - LISTED} more (--json lists them all)`] : []),
];

/** What a rebuild did, for people: the counts, then what needs their eye (gone, not Trove's, unreadable). */
export function rebuildLines(report: RebuildReport): string[] {
  return [
    ...(report.stopped ? ['Stopped before the end: what was read is in the library; run `trove library rebuild` again to read the rest.'] : []),
    `Rebuilt the library from ${report.folders.join(', ')}: ${count(report.postsAdded, 'post', 'posts')} added, ${count(report.postsFound, 'post', 'posts')} already there; ${count(report.filesAdded, 'file', 'files')} and ${count(report.subtitlesAdded, 'subtitle', 'subtitles')} added, ${count(report.filesMoved, 'file', 'files')} found at a new place. No credits were used.`,
    ...(report.missing.length > 0 ? [`${count(report.missing.length, 'file is', 'files are')} gone (kept in the library, shown as missing):`, ...listed(report.missing)] : []),
    ...(report.notTrove.length > 0 ? [`${count(report.notTrove.length, 'file was', 'files were')} not written by Trove (left out):`, ...listed(report.notTrove)] : []),
    ...(report.unreadable.length > 0 ? [`${count(report.unreadable.length, 'file', 'files')} could not be read:`, ...listed(report.unreadable.map((entry) => `${entry.path}: ${entry.message}`))] : []),
  ];
}
