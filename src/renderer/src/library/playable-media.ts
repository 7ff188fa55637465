import type { LibraryDetail, LibraryFile } from '../../../shared/library';

export type Playable = { kind: 'video' | 'audio'; file: LibraryFile } | { kind: 'images'; files: LibraryFile[] } | { kind: 'none' };

/** What the item view shows first: the video, else the audio, else the pictures; only files still on disk. */
export function playableMedia(detail: Pick<LibraryDetail, 'files'>): Playable {
  const present = detail.files.filter((file) => file.exists);
  const video = present.find((file) => file.kind === 'video');
  if (video) return { kind: 'video', file: video };
  const audio = present.find((file) => file.kind === 'audio');
  if (audio) return { kind: 'audio', file: audio };
  const images = present.filter((file) => file.kind === 'image');
  return images.length > 0 ? { kind: 'images', files: images } : { kind: 'none' };
}

/** The file name at the end of a path, whichever separator the OS uses. */
export const fileName = (path: string): string => path.split(/[\\/]/).pop() ?? path;
