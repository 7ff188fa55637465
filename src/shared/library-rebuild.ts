import { z } from 'zod';

/** `library.rebuild`: the folders to read (default: the download folder in the settings). */
export const rebuildInputSchema = z
  .object({ folders: z.array(z.string().trim().min(1).max(4096)).max(100).optional() })
  .strict();

/** What a rebuild found and did (see core/rebuild/rebuild-library.ts). */
export const rebuildReportSchema = z.object({
  folders: z.array(z.string()),
  postsAdded: z.number().int(),
  postsFound: z.number().int(),
  filesAdded: z.number().int(),
  filesMoved: z.number().int(),
  subtitlesAdded: z.number().int(),
  missing: z.array(z.string()),
  notTrove: z.array(z.string()),
  unreadable: z.array(z.object({ path: z.string(), message: z.string() })),
  /** Stopped by `library.rebuildCancel` (or Ctrl-C in the CLI): what was read is recorded, a next run reads the rest. */
  stopped: z.literal(true).optional(),
});
export type RebuildReport = z.infer<typeof rebuildReportSchema>;

export const rebuildProgressSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type RebuildProgress = z.infer<typeof rebuildProgressSchema>;

/**
 * What was wrong with the library when this Trove started, for every face to say once and
 * to offer the rebuild: `corrupt` (SQLite could not open it or its integrity check failed;
 * the file was moved aside to `movedTo`, never deleted), or `missing` (there was no library,
 * but the download folder has files in it).
 */
export const libraryNoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('corrupt'), movedTo: z.string(), reason: z.string() }),
  z.object({ kind: z.literal('missing'), downloadFolder: z.string() }),
]);
export type LibraryNotice = z.infer<typeof libraryNoticeSchema>;
