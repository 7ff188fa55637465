import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/settings';
import { SubtitlesBox } from './subtitles-box';

export interface OptionsHint {
  languages: string;
  format: string;
  folder: string;
}

export const commonOptionsHint = (settings: Pick<Settings, 'subtitleLanguages' | 'subtitleFormat' | 'downloadFolder'>): OptionsHint => ({
  languages: settings.subtitleLanguages.join(', '),
  format: settings.subtitleFormat,
  folder: settings.downloadFolder,
});

interface DownloadOptionsProps {
  offerSubtitles: boolean;
  saveSubtitles: boolean;
  folder: string;
  hint: OptionsHint;
  onChange: (change: { saveSubtitles?: boolean; folder?: string }) => void;
}

/** Subtitles and folder for one Download; the defaults come from Settings. */
export function DownloadOptionsFields({ offerSubtitles, saveSubtitles, folder, hint, onChange }: DownloadOptionsProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="options">
      <legend className="small">
        <strong>{t('options.legend')}</strong>
      </legend>
      <div className="row wrap options-row">
        {offerSubtitles && (
          <SubtitlesBox checked={saveSubtitles} languages={hint.languages} format={hint.format} onChange={(checked) => onChange({ saveSubtitles: checked })} />
        )}
        <div className="field grow">
          <label htmlFor={id}>{t('options.folder')}</label>
          <input
            id={id}
            className="input"
            value={folder}
            placeholder={hint.folder}
            aria-describedby={`${id}-hint`}
            onChange={(event) => onChange({ folder: event.target.value })}
          />
          <span id={`${id}-hint`} className="small muted">
            {t('options.folderHint', { folder: hint.folder ? ` (${hint.folder})` : '' })}
          </span>
        </div>
      </div>
    </fieldset>
  );
}
