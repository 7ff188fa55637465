import type { SaidMoment, SaidResult } from '../../shared/said';

/** 83_250 ms → "1:23", 3_723_000 → "1:02:03": the time a player shows. */
export function clockTime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (value: number): string => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(rest)}` : `${minutes}:${two(rest)}`;
}

/** The cue's text on one line, each match between brackets: "see [you] soon". */
export function markedText(moment: Pick<SaidMoment, 'text' | 'marks'>): string {
  let text = '';
  let at = 0;
  for (const mark of moment.marks) {
    text += `${moment.text.slice(at, mark.start)}[${moment.text.slice(mark.start, mark.end)}]`;
    at = mark.end;
  }
  return `${text}${moment.text.slice(at)}`.replace(/\s*\n\s*/g, ' / ');
}

export function saidMomentLines(moment: SaidMoment): string[] {
  return [`#${moment.postId}  ${moment.caption || '(no caption)'}  ${moment.language}  ${clockTime(moment.startMs)}`, `    ${markedText(moment)}`];
}

/** The moments best first, then how many cues and videos matched. */
export function saidLines(result: SaidResult, words: string, offset: number): string[] {
  if (result.moments.length === 0) {
    return [result.total > 0 ? `Nothing here: ${result.total} moments matched.` : `No saved subtitles say "${words}".`];
  }
  const more = result.capped ? '+' : '';
  const videos = `${result.videos}${more} ${result.videos === 1 && !result.capped ? 'video' : 'videos'}`;
  return [
    ...result.moments.flatMap(saidMomentLines),
    `(${offset + 1}–${offset + result.moments.length} of ${result.total}${more} moments, said in ${videos})`,
  ];
}
