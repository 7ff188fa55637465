import { readdir } from 'node:fs/promises';
import type { LibraryNotice } from '../shared/library-rebuild';
import type { SetAside } from './db';

/** Whether the folder holds anything but hidden files (`.DS_Store`, a sync tool's own). */
async function hasFiles(folder: string): Promise<boolean> {
  try {
    return (await readdir(folder)).some((name) => !name.startsWith('.'));
  } catch {
    return false;
  }
}

/**
 * What the faces tell the user at start-up about the library itself: it was damaged and
 * moved aside, or there was none while the download folder has files (a new data folder, a
 * deleted one). Either way the files can give the library back: the faces offer the rebuild.
 */
export async function libraryNoticeAtStart(start: { setAside: SetAside | undefined; hadDatabase: boolean; downloadFolder: string }): Promise<LibraryNotice | undefined> {
  if (start.setAside) return { kind: 'corrupt', movedTo: start.setAside.movedTo, reason: start.setAside.reason };
  if (!start.hadDatabase && (await hasFiles(start.downloadFolder))) return { kind: 'missing', downloadFolder: start.downloadFolder };
  return undefined;
}
