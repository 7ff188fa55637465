import type { DiagnosticProblem, FolderFacts } from '../../shared/diagnostics';

/** Below this a large video may not fit: worth a warning. */
export const LOW_SPACE = 1024 ** 3;
/** Below this even the library's database and partial files have no room: essential. */
export const NO_SPACE = 100 * 1024 ** 2;

/** A folder Trove cannot write to, or whose disk is (nearly) full. */
export function folderProblems(facts: FolderFacts, role: 'data' | 'download'): DiagnosticProblem[] {
  const name = role === 'data' ? 'The data folder' : 'The download folder';
  if (!facts.writable) {
    return [
      {
        code: role === 'data' ? 'data_dir_unwritable' : 'download_dir_unwritable',
        essential: true,
        message: `${name} (${facts.path}) cannot be written${facts.exists ? '' : ' or created'}.`,
        fix:
          role === 'data'
            ? 'Give your user write access to it, or use another folder: --data-dir or TROVE_DATA_DIR.'
            : 'Choose a folder you can write to in Settings → Downloads (or `trove get --out <folder>`).',
      },
    ];
  }
  if (facts.freeBytes === null || facts.freeBytes >= LOW_SPACE) return [];
  const megabytes = Math.floor(facts.freeBytes / 1024 ** 2);
  return [
    {
      code: role === 'data' ? 'data_dir_low_space' : 'download_dir_low_space',
      essential: facts.freeBytes < NO_SPACE,
      message: `Only ${megabytes} MiB are free on the disk of ${name.toLowerCase()} (${facts.path}).`,
      fix:
        role === 'data'
          ? 'Free up space on that disk, or move the data folder to a larger one (--data-dir or TROVE_DATA_DIR).'
          : 'Free up space on that disk, or choose a download folder on a larger one in Settings → Downloads.',
    },
  ];
}
