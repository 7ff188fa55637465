import type { Cue } from '../../../shared/subtitles';

/** A cue's time as the viewer shows it: m:ss.mmm, or h:mm:ss.mmm past an hour. */
export function formatCueTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms));
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = String(Math.floor((total % 60_000) / 1000)).padStart(2, '0');
  const millis = String(total % 1000).padStart(3, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}.${millis}` : `${minutes}:${seconds}.${millis}`;
}

/** Case- and accent-insensitive text for matching ("Café" finds "cafe"). */
const folded = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The indexes of the cues whose text contains every word of the query; all of them for an empty query. */
export function searchCues(cues: readonly Cue[], query: string): number[] {
  const words = folded(query).split(/\s+/u).filter(Boolean);
  const indexes: number[] = [];
  cues.forEach((cue, index) => {
    const text = folded(cue.text);
    if (words.every((word) => text.includes(word))) indexes.push(index);
  });
  return indexes;
}

/** The cue showing at `ms` (the last one started, if cues overlap), or -1 between cues. */
export function activeCueIndex(cues: readonly Cue[], ms: number): number {
  let found = -1;
  cues.forEach((cue, index) => {
    if (cue.startMs <= ms && ms < cue.endMs) found = index;
  });
  return found;
}
