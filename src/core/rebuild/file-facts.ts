import { z } from 'zod';

/*
 * What a file Trove wrote says about its post, read back from its tags or its sidecar
 * (see media/file-tags.ts and media/sidecar.ts, which write them). The link is the key:
 * every file of a post carries it, and it finds the post again wherever the file went.
 */

export interface FileFacts {
  link: string;
  site: string;
  title?: string;
  artist?: string;
  /** YYYY-MM-DD (or a bare year, as some MP4 readers give the date back). */
  date?: string;
  description?: string;
  /** The media item's place in the post, when the file says it (files from before it did not). */
  mediaIndex?: number;
  mediaCount?: number;
}

export interface FoundFile {
  path: string;
  size: number;
  /** What the file holds; every other media item of the post is unknown until a download says. */
  mediaType: 'video' | 'audio' | 'image';
  facts: FileFacts;
  /** The streams' codecs as the library records them (`h264+aac`). */
  codecs?: string;
  /** The stream of the cover picture Trove wrote into the file, to be the post's preview (an image is its own). */
  coverStream?: number;
}

const webLink = z
  .string()
  .trim()
  .max(4096)
  .regex(/^https?:\/\/\S+$/i);
const text = (max: number) => z.string().trim().min(1).max(max).optional().catch(undefined);

/** Tags as ffmpeg reads them back, keys in lower case: MP4 keeps the link as `comment`, Matroska and MP3 also as `purl`. */
const containerTagsSchema = z.object({
  purl: webLink.optional().catch(undefined),
  comment: webLink.optional().catch(undefined),
  network: z.string().trim().min(1).max(200),
  title: text(1000),
  artist: text(1000),
  date: z.string().regex(/^\d{4}(-\d{2}-\d{2})?/).optional().catch(undefined),
  description: text(100_000),
  track: z.string().regex(/^\d+(\/\d+)?$/).optional().catch(undefined),
});

/** The sidecar beside an image, as media/sidecar.ts writes it. */
export const sidecarSchema = z.object({
  writtenBy: z.literal('Trove'),
  file: z.string().min(1).max(1000),
  link: webLink,
  site: z.string().trim().min(1).max(200),
  title: text(1000),
  artist: text(1000),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional().catch(undefined),
  description: text(100_000),
  mediaIndex: z.number().int().nonnegative().optional().catch(undefined),
  mediaCount: z.number().int().positive().optional().catch(undefined),
});

const present = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * The facts of a container's tags, or undefined when these are not Trove's: Trove always
 * writes the link and the site (`network`), which other tools do not write together.
 */
export function factsOfTags(tags: Record<string, string>): FileFacts | undefined {
  const parsed = containerTagsSchema.safeParse(tags);
  if (!parsed.success) return undefined;
  const { purl, comment, network, track, date, ...rest } = parsed.data;
  const link = purl ?? comment;
  if (!link) return undefined;
  const [place, count] = (track ?? '').split('/').map(Number);
  return present({
    link,
    site: network,
    ...rest,
    date: date?.slice(0, 10),
    mediaIndex: place !== undefined && place >= 1 ? place - 1 : undefined,
    mediaCount: count !== undefined && count >= 1 ? count : undefined,
  });
}

/** The facts of a sidecar, or undefined when it is not one Trove wrote. */
export function factsOfSidecar(body: unknown): { file: string; facts: FileFacts } | undefined {
  const parsed = sidecarSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { writtenBy: _trove, file, ...facts } = parsed.data;
  return { file, facts: present(facts) };
}
