import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { SUBTITLE_FORMATS, type SubtitleFormat } from '../../shared/subtitles';
import { canTag } from '../media';

export interface SubtitleBeside {
  path: string;
  /** The video's base name the subtitle is named after (`Trip` of `Trip.en-US.srt`). */
  stem: string;
  languageTag: string;
  format: SubtitleFormat;
}

export interface ScannedFolders {
  /** Files that carry tags (video and audio containers). */
  media: string[];
  /** `.json` files: Trove's sidecars, or someone else's. */
  sidecars: string[];
  /** Subtitle files named after a video beside them, by `<folder>/<stem>`. */
  subtitles: Map<string, SubtitleBeside[]>;
  /** Everything else (images are claimed by their sidecar later). */
  others: string[];
}

const SUBTITLE_NAME = new RegExp(`^(.+)\\.([A-Za-z0-9-]{1,35})\\.(${SUBTITLE_FORMATS.join('|')})$`, 'i');
/** What Trove leaves beside a file only while it works on it (owner files of temps): never a library file. */
const WORK_FILE = /\.owner$/;

export const subtitleKey = (folder: string, stem: string): string => path.join(folder, stem);

/** Every file under the folders, sorted into what a rebuild reads; unreadable folders are skipped and named. */
export async function scanFolders(folders: readonly string[]): Promise<{ scanned: ScannedFolders; unreadable: string[] }> {
  const scanned: ScannedFolders = { media: [], sidecars: [], subtitles: new Map(), others: [] };
  const unreadable: string[] = [];
  const seen = new Set<string>();
  const visit = async (folder: string): Promise<void> => {
    if (seen.has(folder)) return;
    seen.add(folder);
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch {
      unreadable.push(folder);
      return;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await visit(file);
      else if (entry.isFile()) sortFile(scanned, folder, entry.name, file);
    }
  };
  for (const folder of folders) await visit(path.resolve(folder));
  return { scanned, unreadable };
}

function sortFile(scanned: ScannedFolders, folder: string, name: string, file: string): void {
  if (WORK_FILE.test(name)) return;
  if (canTag(name)) {
    scanned.media.push(file);
    return;
  }
  if (path.extname(name).toLowerCase() === '.json') {
    scanned.sidecars.push(file);
    return;
  }
  const subtitle = SUBTITLE_NAME.exec(name);
  if (subtitle) {
    const [, stem = '', languageTag = '', format = ''] = subtitle;
    const key = subtitleKey(folder, stem);
    scanned.subtitles.set(key, [...(scanned.subtitles.get(key) ?? []), { path: file, stem, languageTag, format: format.toLowerCase() as SubtitleFormat }]);
    return;
  }
  scanned.others.push(file);
}
