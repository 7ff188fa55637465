import type { Cue } from '../../../shared/subtitles';

/** YouTube's json3 timed text: events with start and duration in ms and text segments. */
export const toJson3 = (cues: readonly Cue[]): string =>
  JSON.stringify({
    wireMagic: 'pb3',
    events: cues.map((cue) => ({ tStartMs: cue.startMs, dDurationMs: cue.endMs - cue.startMs, segs: [{ utf8: cue.text }] })),
  });
