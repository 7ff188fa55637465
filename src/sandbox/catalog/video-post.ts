import type { Author, MediaHeaders, Post, Variant } from '../../shared/post';
import { SAMPLE_DURATION_SECONDS, type SampleName } from '../media/samples';
import { sandboxAuthor, seededStats } from './common';
import { seededDate } from './seeded';
import type { CatalogContext } from './types';

export interface VideoPostSpec {
  site: string;
  host: string;
  id: string;
  author?: Author;
  /** Headers every media item carries and the media host demands (guarded.example). */
  headers?: MediaHeaders;
}

const FPS = 24;

/**
 * A video post: 360p as one combined file, 720p (the default) and 1080p as split streams
 * (video-only MP4 + AAC M4A) that the client must merge.
 */
export function videoPost(spec: VideoPostSpec, ctx: CatalogContext): Post {
  const { site, host, id, headers } = spec;
  const guarded = headers !== undefined;
  const url = (sample: SampleName): string => ctx.mediaUrl(`${site}/${id}/${sample}`, guarded);
  const video = (sample: SampleName): Partial<Variant> => ({
    fps: FPS,
    video_url: url(sample),
    video_ext: 'mp4',
    video_codec: 'h264',
    video_filesize: ctx.sampleSize(sample),
  });
  const audio: Partial<Variant> = {
    audio_url: url('audio-en.m4a'),
    audio_ext: 'm4a',
    audio_codec: 'aac',
    audio_filesize: ctx.sampleSize('audio-en.m4a'),
  };
  return {
    site,
    id,
    title: `Sample video ${id}`,
    text: `A deterministic sample video (${id}) served by the Trove sandbox. #sandbox`,
    medias: [
      {
        media_type: 'video',
        resource_url: url('video-360.mp4'),
        preview_url: ctx.mediaUrl(`${site}/${id}/preview.jpg`),
        duration: SAMPLE_DURATION_SECONDS,
        variants: [
          { quality: 360, quality_label: '360p', ...video('video-360.mp4'), is_default: false },
          { quality: 720, quality_label: '720p', ...video('video-720.mp4'), ...audio, is_default: true },
          { quality: 1080, quality_label: '1080p', ...video('video-1080.mp4'), ...audio, is_default: false },
        ],
        headers,
      },
    ],
    author: spec.author ?? sandboxAuthor(site, ctx),
    stats: seededStats(id),
    created_at: seededDate(id),
    post_url: `https://${host}/watch/${id}`,
  };
}
