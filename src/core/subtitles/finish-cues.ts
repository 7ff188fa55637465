import type { Cue } from '../../shared/subtitles';

/** A cue as a parser reads it: the end may be missing (no `end`, `dur` or `dDurationMs`). */
export interface DraftCue {
  startMs: number;
  endMs: number | undefined;
  text: string;
}

/**
 * The shared last step of every parser: whole milliseconds, empty cues dropped, cues
 * sorted by start (stable, so overlapping cues keep their file order). A missing end
 * lasts until the next cue starts; an end before the start is clamped to the start.
 */
export function finishCues(drafts: readonly DraftCue[]): Cue[] {
  const sorted = drafts
    .filter((cue) => cue.text !== '')
    .map((cue) => ({ ...cue, startMs: Math.max(0, Math.round(cue.startMs)) }))
    .sort((a, b) => a.startMs - b.startMs);
  return sorted.map((cue, index) => {
    const endMs = cue.endMs === undefined ? nextStart(sorted, index) : Math.round(cue.endMs);
    return { startMs: cue.startMs, endMs: Math.max(cue.startMs, endMs), text: cue.text };
  });
}

function nextStart(sorted: ReadonlyArray<{ startMs: number }>, index: number): number {
  const own = sorted[index]?.startMs ?? 0;
  return sorted.slice(index + 1).find((next) => next.startMs > own)?.startMs ?? own;
}
