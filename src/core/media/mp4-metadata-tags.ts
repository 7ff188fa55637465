import type { MetadataTags } from 'mediabunny';
import { trackTag, type FileTags } from './file-tags';

/*
 * The tags of file-tags.ts as mediabunny writes them into an MP4, atom for atom what
 * ffmpeg's MP4 muxer writes for the same `-metadata` keys (moov/udta/meta/ilst, iTunes
 * style), so a library rebuild reads the same keys and values from either merge. The text
 * atoms are given by name: mediabunny's own fields would put the description in ©des, which
 * ffmpeg does not read back as `description`, and has no field for the site at all.
 */

/** ffmpeg's MP4 atom for each text key Trove writes (libavformat movenc: desc, tvnn). */
const ATOMS = {
  title: '©nam',
  artist: '©ART',
  date: '©day',
  description: 'desc',
  link: '©cmt',
  site: 'tvnn',
} as const satisfies Partial<Record<keyof FileTags, string>>;

/** The cover as ffmpeg stores a JPEG attached picture: a covr atom (read back as an attached_pic stream). */
export interface Mp4Cover {
  data: Uint8Array;
  mimeType: 'image/jpeg';
}

export function mp4MetadataTags(tags: FileTags, cover: Mp4Cover | undefined): MetadataTags {
  const raw: Record<string, string> = {};
  for (const [key, atom] of Object.entries(ATOMS) as Array<[keyof typeof ATOMS, string]>) {
    const value = tags[key];
    // ffmpeg drops an empty -metadata value; so does this.
    if (value !== undefined && value !== '') raw[atom] = value;
  }
  const track = trackTag(tags);
  return {
    raw,
    ...(track ? { trackNumber: track.number, tracksTotal: track.total } : {}),
    ...(cover ? { images: [{ data: cover.data, mimeType: cover.mimeType, kind: 'coverFront' as const }] } : {}),
  };
}
