import path from 'node:path';
import { iso6392 } from 'iso-639-2';
import { z } from 'zod';
import { ffmpegFileArg } from './probe-media';

/*
 * What a downloaded file says about itself outside Trove, as yt-dlp's --embed-metadata and
 * --embed-thumbnail write it: every player and file manager shows it, and a library lost
 * with its database can be rebuilt from the files (the link is the key). Written by stream
 * copy: only the cover is encoded, to JPEG, when it is not one already.
 */

export const fileTagsSchema = z.object({
  title: z.string().max(1000).optional(),
  artist: z.string().max(1000).optional(),
  /** YYYY-MM-DD. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  description: z.string().max(100_000).optional(),
  /** The post's link: the comment every player shows, and the key a rebuild finds the post by. */
  link: z.string().max(4096),
  site: z.string().max(200).optional(),
  /** The audio track's language, a BCP 47 tag (en, pt-BR). */
  audioLanguage: z.string().max(35).optional(),
  /** Which media item of the post this file is (from 0), and how many the post has: a rebuild puts it back in its place. */
  mediaIndex: z.number().int().nonnegative().optional(),
  mediaCount: z.number().int().positive().optional(),
  /** A local image: the post's preview. */
  coverPath: z.string().min(1).optional(),
});
export type FileTags = z.infer<typeof fileTagsSchema>;

/** How each container carries tags and a cover (they differ; see the cases below). */
export type TagFormat = 'mp4' | 'm4a' | 'matroska' | 'webm' | 'mp3';

/** ISO 639-2 (bibliographic, as Matroska and ffmpeg's MP4 writer take it) for a BCP 47 tag; undefined when unknown. */
export function iso6392For(tag: string): string | undefined {
  const primary = tag.toLowerCase().split('-')[0] ?? '';
  if (primary.length === 3) return iso6392.some((language) => language.iso6392B === primary || language.iso6392T === primary) ? primary : undefined;
  return iso6392.find((language) => language.iso6391 === primary)?.iso6392B;
}

const COVER_MIME: Readonly<Record<string, string>> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** The cover's MIME type by its extension; undefined for a kind no container takes (the file is tagged without it). */
export const coverMimeType = (coverPath: string): string | undefined => COVER_MIME[path.extname(coverPath).toLowerCase()];

/** "track 2/3": the media item's place in the post, in the one tag every container and player knows. */
export const trackTag = (tags: Pick<FileTags, 'mediaIndex' | 'mediaCount'>): { number: number; total: number } | undefined =>
  tags.mediaIndex === undefined ? undefined : { number: tags.mediaIndex + 1, total: tags.mediaCount ?? tags.mediaIndex + 1 };

/** The container-level tags, named as ffmpeg's muxers map them (MP4 atoms, ID3 frames, Matroska tags). */
function metadataArgs(tags: FileTags, format: TagFormat): string[] {
  const track = trackTag(tags);
  const fields: Array<[string, string | undefined]> = [
    ['title', tags.title],
    ['artist', tags.artist],
    ['date', tags.date],
    ['description', tags.description],
    ['comment', tags.link],
    // ffmpeg writes "network" into MP4 as the TV network atom (tvnn): the one standard atom for where a video was published.
    ['network', tags.site],
    ['track', track ? `${track.number}/${track.total}` : undefined],
    // MP4 keeps only its known atoms; Matroska and ID3 (as TXXX) keep the link under its own name too.
    ...(format === 'mp4' || format === 'm4a' ? [] : ([['purl', tags.link]] as Array<[string, string]>)),
  ];
  return fields.flatMap(([key, value]) => (value === undefined || value === '' ? [] : ['-metadata', `${key}=${value}`]));
}

export interface TaggedOutput {
  /** Extra inputs, after the media's own (`-i cover`); the cover is input number `coverInput`. */
  inputs: string[];
  /** Maps, codecs, dispositions and metadata, after the media's own `-map`s and `-c copy`. */
  args: string[];
  /** The output holds a cover picture stream besides the media (not counted as media). */
  coverStream: boolean;
}

/**
 * The ffmpeg arguments that tag an output. `mediaStreams` is how many streams the media
 * itself maps (the cover comes after them); `coverInput` the input number the cover gets.
 */
export function taggedOutput(tags: FileTags, format: TagFormat, media: { streams: number; videoStreams: number; coverInput: number }): TaggedOutput {
  const args = metadataArgs(tags, format);
  const language = tags.audioLanguage ? iso6392For(tags.audioLanguage) : undefined;
  if (language) args.push('-metadata:s:a:0', `language=${language}`);
  const cover = tags.coverPath;
  const mime = cover ? coverMimeType(cover) : undefined;
  if (!cover || !mime || format === 'webm') {
    // WebM has no attachments and no cover picture: tags only.
    return { inputs: [], args, coverStream: false };
  }
  if (format === 'matroska') {
    // Matroska keeps a cover as an attachment named cover.*, which players and file managers look for.
    const name = `cover${path.extname(cover).toLowerCase().replace('.jpeg', '.jpg')}`;
    return { inputs: [], args: [...args, '-attach', ffmpegFileArg(cover), '-metadata:s:t:0', `mimetype=${mime}`, '-metadata:s:t:0', `filename=${name}`], coverStream: false };
  }
  // MP4, M4A and MP3: an attached picture, one more video stream after the media's.
  const coverIndex = media.videoStreams;
  return {
    inputs: ['-i', ffmpegFileArg(cover)],
    args: [
      '-map', `${media.coverInput}:v:0`,
      `-c:v:${coverIndex}`, mime === 'image/jpeg' ? 'copy' : 'mjpeg',
      `-disposition:v:${coverIndex}`, 'attached_pic',
      ...(format === 'mp3' ? ['-id3v2_version', '3'] : []),
      ...args,
    ],
    coverStream: true,
  };
}
