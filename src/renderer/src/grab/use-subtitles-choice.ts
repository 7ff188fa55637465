import { useState } from 'react';
import type { SubtitleRefusal } from '../../../shared/subtitles';
import { useSettings } from '../shell/settings-context';
import { useSubtitleRefusal } from './use-subtitle-refusal';

export interface SubtitlesChoice {
  /** Set where the service refuses subtitles on the link's site: no box, the reason instead. */
  refusal: SubtitleRefusal | undefined;
  ticked: boolean;
  setTicked: (ticked: boolean) => void;
  /** What a Download sends: ticked and not refused (else `subtitles: false`, whatever Settings say). */
  save: boolean;
}

/** The "Save subtitles" box of a card for `link`: ticked as Settings say until changed, not offered where refused. */
export function useSubtitlesChoice(link: string): SubtitlesChoice {
  const settings = useSettings();
  const refusal = useSubtitleRefusal(link);
  // Until the user touches the box it follows Settings (a change there shows at once).
  const [touched, setTicked] = useState<boolean | undefined>(undefined);
  const ticked = touched ?? settings.saveSubtitles;
  return { refusal, ticked, setTicked, save: ticked && refusal === undefined };
}
