import { useCallback } from 'react';
import { useClient } from '../../api/client-context';

/** A moment to open the player at: its time, and the language whose captions are shown. */
export interface PlayerMoment {
  readonly startMs: number;
  readonly language: string;
}

/** The captions track added for each language, per player, so a second moment reuses it. */
const captionTracks = new WeakMap<HTMLMediaElement, Map<string, TextTrack>>();

/**
 * A ref for the library's player that opens it at a moment: seeks there once the media's
 * times are known, shows that language's saved subtitles as captions (a text track of the
 * saved cues, so no file is served), and plays. No moment: the player is left alone.
 */
export function useMomentPlayback(postId: number, moment: PlayerMoment | undefined): ((element: HTMLMediaElement | null) => void) | undefined {
  const { api } = useClient();
  const startMs = moment?.startMs;
  const language = moment?.language;
  const attach = useCallback(
    (element: HTMLMediaElement | null) => {
      if (!element || startMs === undefined || language === undefined) return;
      const seek = () => {
        element.currentTime = startMs / 1000;
        void element.play().catch(() => undefined);
      };
      if (element.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
      else element.addEventListener('loadedmetadata', seek, { once: true });

      const tracks = captionTracks.get(element) ?? new Map<string, TextTrack>();
      captionTracks.set(element, tracks);
      for (const [tag, track] of tracks) track.mode = tag === language ? 'showing' : 'disabled';
      if (tracks.has(language) || !('addTextTrack' in element)) return;
      const track = element.addTextTrack('captions', language, language);
      tracks.set(language, track);
      track.mode = 'showing';
      void api['subtitles.cues']({ source: { kind: 'library', postId, languageTag: language } }).then((answer) => {
        if (answer.ok) for (const cue of answer.value) track.addCue(new VTTCue(cue.startMs / 1000, cue.endMs / 1000, cue.text));
      });
    },
    [api, postId, startMs, language],
  );
  return moment ? attach : undefined;
}
