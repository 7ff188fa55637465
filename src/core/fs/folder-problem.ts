import { errnoOf } from './errno-of';

/**
 * Why a folder cannot hold downloads, as a reason the faces word in the user's language
 * and an English message for logs and the CLI. Each message ends with the fix.
 */
export const FOLDER_PROBLEM_REASONS = ['not_a_folder', 'cannot_create', 'no_permission', 'disk_full', 'timed_out', 'other'] as const;
export type FolderProblemReason = (typeof FOLDER_PROBLEM_REASONS)[number];

export interface FolderProblem {
  reason: FolderProblemReason;
  message: string;
}

const FIX = 'Choose another folder in Settings.';

export function folderProblem(error: unknown, folder: string): FolderProblem {
  switch (errnoOf(error)) {
    case 'ENOTDIR':
    case 'EEXIST':
      return { reason: 'not_a_folder', message: `${folder} goes through a file, not a folder, so Trove cannot save into it. ${FIX}` };
    case 'ENOENT':
      // The parent exists (makeFolder checked) yet the folder cannot be made: /proc, /sys and the like.
      return { reason: 'cannot_create', message: `Trove cannot create ${folder}: that place does not hold files. ${FIX}` };
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return { reason: 'no_permission', message: `Trove may not write to ${folder}. ${FIX}` };
    case 'ENOSPC':
    case 'EDQUOT':
      return { reason: 'disk_full', message: `The disk holding ${folder} is full. Free some space or choose another folder in Settings.` };
    case 'ETIMEDOUT':
      return { reason: 'timed_out', message: `${folder} did not answer in time (a disconnected network drive?). ${FIX}` };
    default: {
      const reason = error instanceof Error ? error.message : String(error);
      return { reason: 'other', message: `Trove cannot save into ${folder} (${reason}). ${FIX}` };
    }
  }
}
