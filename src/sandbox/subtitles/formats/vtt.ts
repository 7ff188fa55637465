import type { Cue } from '../../../shared/subtitles';
import { clock } from './timestamps';

/** WebVTT cue text escapes &, < and > like HTML. */
const escapeVtt = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const toVtt = (cues: readonly Cue[]): string =>
  `WEBVTT\n\n${cues.map((cue) => `${clock(cue.startMs, '.')} --> ${clock(cue.endMs, '.')}\n${escapeVtt(cue.text)}\n`).join('\n')}`;
