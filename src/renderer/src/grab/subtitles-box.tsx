import { useTranslation } from 'react-i18next';
import type { SubtitleRefusal } from '../../../shared/subtitles';

interface SubtitlesBoxProps {
  checked: boolean;
  /** The Settings' languages and format the box saves in, shown in its label. */
  languages: string;
  format: string;
  onChange: (checked: boolean) => void;
}

/** "Save subtitles (en, srt)": the box of one Download, ticked as Settings say. */
export function SubtitlesBox({ checked, languages, format, onChange }: SubtitlesBoxProps) {
  const { t } = useTranslation();
  return (
    <label className="check small">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} data-testid="save-subtitles" />
      {t('options.subtitles', { languages, format })}
    </label>
  );
}

/** Why a card offers no subtitles: the service refused them on the whole site (the service's words in the title). */
export function SubtitlesRefusedNote({ refusal }: { refusal: SubtitleRefusal }) {
  const { t } = useTranslation();
  return (
    <p className="small muted" data-testid="subtitles-refused" title={refusal.message}>
      {t('post.subtitlesRefused', { site: refusal.site })}
    </p>
  );
}
