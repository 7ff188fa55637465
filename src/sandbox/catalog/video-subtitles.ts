import { SUBTITLE_FORMATS, type SubtitleResult } from '../../shared/subtitles';
import { SAMPLE_DURATION_SECONDS } from '../media/samples';
import { SUBTITLE_LANGUAGES } from '../subtitles/cues';
import { seededDate } from './seeded';
import type { CatalogContext } from './types';

/** The subtitles of a video: every language in all seven formats, served by the media host. */
export function videoSubtitles(site: string, id: string, ctx: CatalogContext): SubtitleResult {
  return {
    site,
    id,
    text: `Sample video ${id}`,
    description: `A deterministic sample video (${id}) served by the Trove sandbox. #sandbox`,
    duration: SAMPLE_DURATION_SECONDS,
    published_at: seededDate(id),
    thumbnail_url: ctx.mediaUrl(`${site}/${id}/preview.jpg`),
    subtitles: SUBTITLE_LANGUAGES.map((language) => ({
      language_name: language.name,
      language_tag: language.tag,
      urls: SUBTITLE_FORMATS.map((format) => ({ format, url: ctx.mediaUrl(`subs/${id}/${language.tag}.${format}`) })),
    })),
  };
}
