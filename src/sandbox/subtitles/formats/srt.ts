import type { Cue } from '../../../shared/subtitles';
import { clock } from './timestamps';

export const toSrt = (cues: readonly Cue[]): string =>
  cues.map((cue, i) => `${i + 1}\n${clock(cue.startMs, ',')} --> ${clock(cue.endMs, ',')}\n${cue.text}\n`).join('\n');
