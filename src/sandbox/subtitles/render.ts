import type { SubtitleFormat } from '../../shared/subtitles';
import type { SubtitleLanguage } from './cues';
import { toJson3 } from './formats/json3';
import { toSrt } from './formats/srt';
import { toSrv1, toSrv2, toSrv3 } from './formats/srv';
import { toTtml } from './formats/ttml';
import { toVtt } from './formats/vtt';

const FORMATS: Readonly<Record<SubtitleFormat, { render: (language: SubtitleLanguage) => string; contentType: string }>> = {
  srt: { render: (l) => toSrt(l.cues), contentType: 'application/x-subrip; charset=utf-8' },
  vtt: { render: (l) => toVtt(l.cues), contentType: 'text/vtt; charset=utf-8' },
  ttml: { render: (l) => toTtml(l.cues, l.tag), contentType: 'application/ttml+xml; charset=utf-8' },
  json3: { render: (l) => toJson3(l.cues), contentType: 'application/json; charset=utf-8' },
  srv1: { render: (l) => toSrv1(l.cues), contentType: 'text/xml; charset=utf-8' },
  srv2: { render: (l) => toSrv2(l.cues), contentType: 'text/xml; charset=utf-8' },
  srv3: { render: (l) => toSrv3(l.cues), contentType: 'text/xml; charset=utf-8' },
};

/** One language's cues in one of the seven formats; every format carries the same cues. */
export const renderSubtitles = (format: SubtitleFormat, language: SubtitleLanguage): string => FORMATS[format].render(language);

export const subtitleContentType = (format: SubtitleFormat): string => FORMATS[format].contentType;
