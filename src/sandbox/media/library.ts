import { SUBTITLE_FORMATS, type SubtitleFormat } from '../../shared/subtitles';
import { renderSubtitles, subtitleContentType } from '../subtitles/render';
import { findSubtitleLanguage } from '../subtitles/cues';
import { blobBody, bufferBody, type MediaBody } from './body';
import { isSampleName, type SampleLibrary } from './samples';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  mp4: 'video/mp4',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  jpg: 'image/jpeg',
};

const isSubtitleFormat = (format: string): format is SubtitleFormat => (SUBTITLE_FORMATS as readonly string[]).includes(format);

/**
 * Maps a media path (relative to /media/, URL-encoded) to its bytes:
 * `blob/<seed>/<size>.bin` deterministic bytes, `subs/<id>/<language>.<format>` a subtitle
 * file, `<site>/<id>/<sample>` a generated sample. `site` and `id` only label the URL (so
 * faults can target one post) and do not change the bytes.
 */
export class MediaLibrary {
  constructor(private readonly samples: SampleLibrary) {}

  body(path: string, generation: number): MediaBody | undefined {
    const segments = path.split('/').map(decodeSegment);
    if (segments.length !== 3 || segments.some((s) => s === undefined || s === '')) return undefined;
    const [kind = '', id = '', file = ''] = segments as string[];
    if (kind === 'blob') {
      const size = /^(\d+)\.bin$/.exec(file)?.[1];
      return size === undefined || !Number.isSafeInteger(Number(size)) ? undefined : blobBody(id, Number(size), generation);
    }
    if (kind === 'subs') {
      const [, tag = '', format = ''] = /^(.+)\.([a-z0-9]+)$/.exec(file) ?? [];
      const language = findSubtitleLanguage(tag);
      if (!language || !isSubtitleFormat(format)) return undefined;
      return bufferBody(Buffer.from(renderSubtitles(format, language)), subtitleContentType(format), generation);
    }
    if (!isSampleName(file)) return undefined;
    const bytes = this.samples.get(file);
    const type = CONTENT_TYPES[file.split('.').pop() ?? ''];
    return bytes && type ? bufferBody(bytes, type, generation) : undefined;
  }
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
