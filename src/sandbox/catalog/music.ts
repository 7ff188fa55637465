import type { Variant } from '../../shared/post';
import { SAMPLE_DURATION_SECONDS, type SampleName } from '../media/samples';
import { sandboxAuthor, seededStats } from './common';
import { postSite } from './post-site';
import { seededDate } from './seeded';
import { ID, type CatalogContext } from './types';

const HOST = 'music.example';
const SITE = 'music';

/** Audio has no height: quality 0 with a label naming the track. */
function track(id: string, sample: SampleName, tag: string, name: string, isDefault: boolean, ctx: CatalogContext): Variant {
  return {
    quality: 0,
    quality_label: `Audio (${name})`,
    audio_url: ctx.mediaUrl(`${SITE}/${id}/${sample}`),
    audio_ext: 'm4a',
    audio_codec: 'aac',
    audio_filesize: ctx.sampleSize(sample),
    language_tag: tag,
    language_name: name,
    is_default: isDefault,
  };
}

/** music.example/t/<id>: an audio item (an MP3) with two language tracks, English the default. */
export const musicSite = postSite(HOST, new RegExp(`^/t/(${ID})$`), (id, ctx) => ({
  site: SITE,
  id,
  title: `Sample track ${id}`,
  text: `A sample tone (${id}) in two languages. #sandbox #music`,
  medias: [
    {
      media_type: 'audio',
      resource_url: ctx.mediaUrl(`${SITE}/${id}/music.mp3`),
      preview_url: ctx.mediaUrl(`${SITE}/${id}/preview.jpg`),
      duration: SAMPLE_DURATION_SECONDS,
      variants: [
        track(id, 'audio-en.m4a', 'en-US', 'English (United States)', true, ctx),
        track(id, 'audio-ja.m4a', 'ja-JP', 'Japanese (Japan)', false, ctx),
      ],
    },
  ],
  author: sandboxAuthor(SITE, ctx),
  stats: seededStats(id),
  created_at: seededDate(id),
  post_url: `https://${HOST}/t/${id}`,
}));
