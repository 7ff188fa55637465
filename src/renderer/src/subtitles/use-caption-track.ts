import { useEffect } from 'react';
import type { Cue } from '../../../shared/subtitles';

export interface CaptionSource {
  cues: readonly Cue[];
  label: string;
  languageTag: string;
}

/**
 * A media element keeps every text track added to it (there is no removeTextTrack), so each
 * language gets one track per player, filled again when its cues change.
 */
const tracksByPlayer = new WeakMap<HTMLMediaElement, Map<string, TextTrack>>();

function trackFor(player: HTMLMediaElement, { label, languageTag }: CaptionSource): TextTrack {
  const tracks = tracksByPlayer.get(player) ?? new Map<string, TextTrack>();
  tracksByPlayer.set(player, tracks);
  const key = `${languageTag}\n${label}`;
  const track = tracks.get(key) ?? player.addTextTrack('captions', label, languageTag);
  tracks.set(key, track);
  return track;
}

/**
 * The track being browsed shows as captions in the player, so reading the cues and watching
 * go together (a click on a cue still seeks). Other tracks of this screen are switched off.
 */
export function useCaptionTrack(player: HTMLMediaElement | null, source: CaptionSource | undefined): void {
  useEffect(() => {
    if (!player || !source) return;
    const track = trackFor(player, source);
    for (const other of tracksByPlayer.get(player)?.values() ?? []) if (other !== track) other.mode = 'disabled';
    // cues can be read and changed only while the track is not disabled
    track.mode = 'showing';
    for (const stale of [...(track.cues ?? [])]) track.removeCue(stale);
    for (const cue of source.cues) {
      if (cue.endMs > cue.startMs) track.addCue(new VTTCue(cue.startMs / 1000, cue.endMs / 1000, cue.text));
    }
    return () => {
      track.mode = 'disabled';
    };
  }, [player, source]);
}
