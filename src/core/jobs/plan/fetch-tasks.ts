import type { Media, MediaHeaders, Post, Variant } from '../../../shared/post';
import { fileNameFieldsFromPost, renderFileName } from '../../files';
import type { MediaPlan } from './media-plan-schema';
import type { DefaultChoice } from './settle-plan';
import { variantOf } from './settle-plan';

export interface StreamDownload {
  role: 'video' | 'audio' | 'file';
  url: string;
  /** The name on disk, extension included; intermediate streams carry a role suffix. */
  fileName: string;
  expectedSize?: number;
}

export interface MediaTask {
  mediaIndex: number;
  media: Media;
  variant?: Variant;
  headers?: MediaHeaders;
  /** Two streams to merge (split stream), or one file to keep as it is. */
  kind: 'merge' | 'single';
  /** The final name without extension (the merge picks the container). */
  stem: string;
  downloads: StreamDownload[];
  fileKind: 'video' | 'audio' | 'image' | 'file';
}

export type TaskOrSkip = MediaTask | { mediaIndex: number; skipped: string };

export interface TaskOptions {
  /** The user's file name template. */
  template: string;
  /** For an item whose chosen variant a refreshed post no longer offers. */
  rule: DefaultChoice;
}

const DEFAULT_EXT: Record<Media['media_type'], string> = { video: 'mp4', audio: 'm4a', image: 'jpg', file: 'bin', live: 'mp4' };

/** The extension a URL's path ends with, if it looks like one (the query is ignored). */
function extensionOf(url: string): string | undefined {
  try {
    return /\.([A-Za-z0-9]{1,5})$/u.exec(new URL(url).pathname)?.[1]?.toLowerCase();
  } catch {
    return undefined;
  }
}

/** An extension the service named: letters and digits only (it ends up in a file name), at most 10. */
const cleanExt = (ext: string | undefined): string | undefined => ext?.replace(/[^A-Za-z0-9]/gu, '').slice(0, 10).toLowerCase() || undefined;

/**
 * Decides, for each media item of the plan, what to fetch and under which names (yt-dlp's
 * requested_formats): the plan's split-stream variant (video_url + audio_url) becomes two
 * downloads and a merge; any other item is one file. Live streams cannot be saved as a
 * file and are skipped with a reason. Names come from the user's template; several items
 * get their index in the id. The variant is the plan's: nothing is chosen again here.
 */
export function fetchTasks(post: Post, plan: MediaPlan, options: TaskOptions): TaskOrSkip[] {
  const several = post.medias.length > 1;
  return plan.items.flatMap((item): TaskOrSkip[] => {
    const { mediaIndex } = item;
    const media = post.medias[mediaIndex];
    if (!media) return [{ mediaIndex, skipped: `This post no longer has a media item ${mediaIndex + 1}.` }];
    if (media.media_type === 'live') {
      return [{ mediaIndex, skipped: 'This is a live stream; Trove saves recordings, not live broadcasts.' }];
    }
    const variant = variantOf(media, item.variant, options.rule);
    const fields = fileNameFieldsFromPost(several ? { ...post, id: `${post.id ?? 'post'}-${mediaIndex + 1}` } : post, {
      quality: variant?.quality_label,
    });
    const stem = renderFileName(options.template, { ...fields, ext: '' });
    const base = { mediaIndex, media, ...(variant ? { variant } : {}), ...(media.headers ? { headers: media.headers } : {}), stem };

    if (variant?.video_url && variant.audio_url) {
      const videoExt = cleanExt(variant.video_ext) ?? extensionOf(variant.video_url) ?? 'mp4';
      const audioExt = cleanExt(variant.audio_ext) ?? extensionOf(variant.audio_url) ?? 'm4a';
      return [
        {
          ...base,
          kind: 'merge',
          fileKind: 'video',
          downloads: [
            { role: 'video', url: variant.video_url, fileName: `${stem}.f${variant.quality}.video.${videoExt}`, ...size(variant.video_filesize) },
            { role: 'audio', url: variant.audio_url, fileName: `${stem}.f${variant.quality}.audio.${audioExt}`, ...size(variant.audio_filesize) },
          ],
        },
      ];
    }
    const url = variant?.video_url ?? variant?.audio_url ?? media.resource_url;
    const ext =
      (variant?.video_url ? cleanExt(variant.video_ext) : cleanExt(variant?.audio_ext)) ?? extensionOf(url) ?? DEFAULT_EXT[media.media_type];
    const expected = variant?.video_url ? variant.video_filesize : variant?.audio_filesize;
    return [
      {
        ...base,
        kind: 'single',
        fileKind: media.media_type,
        downloads: [{ role: 'file', url, fileName: `${stem}.${ext}`, ...size(expected) }],
      },
    ];
  });
}

const size = (bytes: number | undefined): { expectedSize?: number } => (bytes !== undefined && bytes >= 0 ? { expectedSize: bytes } : {});
