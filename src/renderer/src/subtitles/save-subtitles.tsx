import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandResult } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import type { SubtitleTrack } from '../../../shared/subtitles';
import { useClient } from '../api/client-context';
import { ErrorNotice } from '../errors/error-notice';
import { useSettings } from '../shell/settings-context';
import { withMember } from '../state/with-member';

const FORMATS = ['srt', 'vtt', 'original'] as const;

interface SaveSubtitlesProps {
  resolutionId: string;
  tracks: readonly SubtitleTrack[];
  /** Preselected: the language being viewed. */
  initialLanguage: string | undefined;
  postId: number | undefined;
  /** Whether the post has a downloaded video to embed into. */
  canEmbed: boolean;
  onSaved: () => void;
}

/** Save chosen languages as srt, vtt or the original format, beside the video; optionally embed them into it. */
export function SaveSubtitles({ resolutionId, tracks, initialLanguage, postId, canEmbed, onSaved }: SaveSubtitlesProps) {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const id = useId();
  const [languages, setLanguages] = useState<ReadonlySet<string>>(() => new Set(initialLanguage ? [initialLanguage] : []));
  const [format, setFormat] = useState<(typeof FORMATS)[number]>(settings.subtitleFormat);
  const [embed, setEmbed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<CommandResult<'subtitles.save'> | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const toggle = (tag: string, on: boolean) => setLanguages((current) => withMember(current, tag, on));

  const save = async () => {
    setBusy(true);
    setError(undefined);
    const answer = await api['subtitles.save']({
      resolutionId,
      languageTags: [...languages],
      format,
      ...(postId === undefined ? {} : { postId }),
      ...(canEmbed && embed ? { embed: true } : {}),
    });
    setBusy(false);
    if (answer.ok) {
      setSaved(answer.value);
      onSaved();
    } else {
      setSaved(undefined);
      setError(answer.error);
    }
  };

  return (
    <section className="card stack save-subtitles" aria-labelledby={`${id}-title`} data-testid="save-subtitles">
      <h3 id={`${id}-title`}>{t('subtitles.saveTitle')}</h3>
      <fieldset className="segmented">
        <legend>{t('subtitles.saveLanguages')}</legend>
        {tracks.map((track) => (
          <label key={track.language_tag} className="check small">
            <input type="checkbox" checked={languages.has(track.language_tag)} onChange={(event) => toggle(track.language_tag, event.target.checked)} />
            {track.language_name} <span className="muted mono">{track.language_tag}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="segmented">
        <legend>{t('subtitles.saveFormat')}</legend>
        {FORMATS.map((name) => (
          <label key={name} className="choice">
            <input type="radio" name={`${id}-format`} value={name} checked={format === name} onChange={() => setFormat(name)} />
            <span className="choice-title">{t(`subtitleFormat.${name}`)}</span>
          </label>
        ))}
      </fieldset>
      {canEmbed ? (
        <label className="check small">
          <input type="checkbox" checked={embed} onChange={(event) => setEmbed(event.target.checked)} />
          {t('subtitles.embed')}
        </label>
      ) : (
        <p className="small muted">{t('subtitles.embedNeedsVideo')}</p>
      )}
      <div className="row">
        <button type="button" className="button button-primary" disabled={busy || languages.size === 0} onClick={() => void save()}>
          {busy ? t('subtitles.saving') : t('subtitles.save')}
        </button>
      </div>
      {error && <ErrorNotice error={error} title={t('subtitles.saveFailed')} />}
      {saved && (
        <div className="notice" role="status" data-testid="saved-subtitles">
          <strong>{t('subtitles.savedCount', { count: saved.paths.length })}</strong>
          <ul className="mono small saved-paths">
            {saved.paths.map((path) => (
              <li key={path}>{path}</li>
            ))}
          </ul>
          {saved.embeddedInto && <p className="small">{t('subtitles.embeddedInto', { path: saved.embeddedInto })}</p>}
          {saved.embedError && <p className="small field-problem">{t('subtitles.embedFailed', { reason: saved.embedError })}</p>}
        </div>
      )}
    </section>
  );
}
