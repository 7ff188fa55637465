import { useSettings } from '../shell/settings-context';
import { SubtitlesBox, SubtitlesRefusedNote } from './subtitles-box';
import type { SubtitlesChoice } from './use-subtitles-choice';

/** The subtitles choice of a profile card, for every post it queues: the box, or why there is none. */
export function ProfileSubtitles({ choice }: { choice: SubtitlesChoice }) {
  const settings = useSettings();
  if (choice.refusal) return <SubtitlesRefusedNote refusal={choice.refusal} />;
  return <SubtitlesBox checked={choice.ticked} languages={settings.subtitleLanguages.join(', ')} format={settings.subtitleFormat} onChange={choice.setTicked} />;
}
