import path from 'node:path';
import { THUMBNAILS_FOLDER } from '../../core/library';

/**
 * The folders media URLs may serve, in both faces: the download folder, and of the data
 * folder only the cached thumbnails and avatars. The rest of the data folder is not the
 * page's to read: the database, the settings, and in Electron Chromium's own profile
 * (cookies, local storage), which lives in the same userData folder.
 */
export function mediaRoots(downloadFolder: string, dataDir: string): string[] {
  return [downloadFolder, path.join(dataDir, THUMBNAILS_FOLDER)];
}
