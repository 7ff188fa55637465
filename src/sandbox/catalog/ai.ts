import { ORIGINAL_QUALITY } from '../../shared/post';
import { SAMPLE_DURATION_SECONDS } from '../media/samples';
import { sandboxAuthor } from './common';
import { postSite } from './post-site';
import { seededDate } from './seeded';
import { ID } from './types';

const HOST = 'ai.example';
const SITE = 'ai';

/** ai.example/s/<id>: an AI-video share link: one original-quality variant, no watermark. */
export const aiSite = postSite(HOST, new RegExp(`^/s/(${ID})$`), (id, ctx) => {
  const original = ctx.mediaUrl(`${SITE}/${id}/video-360.mp4`);
  return {
    site: SITE,
    id,
    text: `AI-generated sample (${id}), original file without watermark`,
    medias: [
      {
        media_type: 'video',
        resource_url: original,
        preview_url: ctx.mediaUrl(`${SITE}/${id}/preview.jpg`),
        duration: SAMPLE_DURATION_SECONDS,
        variants: [
          {
            quality: ORIGINAL_QUALITY,
            quality_label: 'Original',
            video_url: original,
            video_ext: 'mp4',
            video_codec: 'h264',
            video_filesize: ctx.sampleSize('video-360.mp4'),
            is_default: true,
          },
        ],
      },
    ],
    author: sandboxAuthor(SITE, ctx),
    created_at: seededDate(id),
    post_url: `https://${HOST}/s/${id}`,
  };
});
