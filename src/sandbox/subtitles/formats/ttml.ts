import type { Cue } from '../../../shared/subtitles';
import { clock, escapeXml } from './timestamps';

export const toTtml = (cues: readonly Cue[], languageTag: string): string =>
  [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<tt xmlns="http://www.w3.org/ns/ttml" xml:lang="${escapeXml(languageTag)}">`,
    '<body><div>',
    ...cues.map(
      (cue) =>
        `<p begin="${clock(cue.startMs, '.')}" end="${clock(cue.endMs, '.')}">${cue.text.split('\n').map(escapeXml).join('<br/>')}</p>`,
    ),
    '</div></body>',
    '</tt>',
    '',
  ].join('\n');
