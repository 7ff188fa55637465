import { useTranslation } from 'react-i18next';
import type { LibrarySubtitle } from '../../../shared/library';
import type { SubtitleTrack } from '../../../shared/subtitles';

export type TrackChoice = { from: 'service' | 'library'; languageTag: string; languageName: string };

interface TrackListProps {
  tracks: readonly SubtitleTrack[];
  saved: readonly LibrarySubtitle[];
  chosen: TrackChoice | undefined;
  onChoose: (choice: TrackChoice) => void;
}

/** The languages on offer with their formats, and the ones already saved in the library (free to view). */
export function TrackList({ tracks, saved, chosen, onChoose }: TrackListProps) {
  const { t } = useTranslation();
  const isChosen = (from: TrackChoice['from'], tag: string) => chosen?.from === from && chosen.languageTag === tag;
  return (
    <table className="table track-table" data-testid="track-list">
      <caption className="visually-hidden">{t('subtitles.tracks')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('subtitles.language')}</th>
          <th scope="col">{t('subtitles.tag')}</th>
          <th scope="col">{t('subtitles.formats')}</th>
          <th scope="col">
            <span className="visually-hidden">{t('subtitles.view')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {saved.map((subtitle) => (
          <tr key={`saved-${subtitle.path}`} data-testid="track" className={isChosen('library', subtitle.languageTag) ? 'is-current' : ''}>
            <td>{subtitle.languageName ?? subtitle.languageTag}</td>
            <td className="mono">{subtitle.languageTag}</td>
            <td>
              <span className="badge badge-success">{t('subtitles.savedAs', { format: subtitle.format })}</span>
            </td>
            <td>
              <button
                type="button"
                className="button button-small"
                aria-pressed={isChosen('library', subtitle.languageTag)}
                onClick={() => onChoose({ from: 'library', languageTag: subtitle.languageTag, languageName: subtitle.languageName ?? subtitle.languageTag })}
              >
                {t('subtitles.view')}
              </button>
            </td>
          </tr>
        ))}
        {tracks.map((track) => (
          <tr key={`service-${track.language_tag}`} data-testid="track" className={isChosen('service', track.language_tag) ? 'is-current' : ''}>
            <td>{track.language_name}</td>
            <td className="mono">{track.language_tag}</td>
            <td>
              <span className="row wrap">
                {track.urls.map((url) => (
                  <span key={url.format} className="badge">
                    {url.format}
                  </span>
                ))}
              </span>
            </td>
            <td>
              <button
                type="button"
                className="button button-small"
                aria-pressed={isChosen('service', track.language_tag)}
                onClick={() => onChoose({ from: 'service', languageTag: track.language_tag, languageName: track.language_name })}
              >
                {t('subtitles.view')}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
