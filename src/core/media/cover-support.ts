import type { TagFormat } from './file-tags';
import type { MediaStream } from './media-info';

/*
 * Older ffmpeg builds (the bundled 2018 one among them) write a cover into MP4 as a one-frame
 * video track, not as the cover atom players show (a file with a stray second video), or
 * refuse one in M4A. Such a result is written again without the cover, and the binary is remembered for the session,
 * so it costs the extra run once. Keyed by the binary's path and the container: a capability, not a setting.
 */
const withoutCoverSupport = new Set<string>();

const key = (ffmpegPath: string, format: TagFormat): string => `${format}:${ffmpegPath}`;

export const writesCovers = (ffmpegPath: string, format: TagFormat): boolean => !withoutCoverSupport.has(key(ffmpegPath, format));

/** A run that failed with a cover in it: the cover may be what this ffmpeg cannot write. */
export function coverMayHaveFailed(ffmpegPath: string, format: TagFormat): void {
  withoutCoverSupport.add(key(ffmpegPath, format));
}

/** Whether a written MP4's cover came out as a cover (MP3 and Matroska always keep theirs); remembers a binary that cannot write one. */
export function coverCameOut(ffmpegPath: string, format: TagFormat, streams: readonly MediaStream[]): boolean {
  if (format !== 'mp4' && format !== 'm4a') return true;
  if (streams.some((stream) => stream.attachedPicture)) return true;
  withoutCoverSupport.add(key(ffmpegPath, format));
  return false;
}

export const withoutCover = <T extends { coverPath?: string | undefined }>(tags: T): T => {
  const { coverPath: _dropped, ...rest } = tags;
  return rest as T;
};
