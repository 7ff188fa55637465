import type { ReactNode } from 'react';
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

interface TrackRowProps {
  choice: TrackChoice;
  tag: string;
  formats: ReactNode;
  chosen: boolean;
  onChoose: (choice: TrackChoice) => void;
}

function TrackRow({ choice, tag, formats, chosen, onChoose }: TrackRowProps) {
  const { t } = useTranslation();
  return (
    <tr data-testid="track" className={chosen ? 'is-current' : ''}>
      <td>{choice.languageName}</td>
      <td className="mono">{tag}</td>
      <td>{formats}</td>
      <td>
        <button type="button" className="button button-small" aria-pressed={chosen} onClick={() => onChoose(choice)}>
          {t('subtitles.view')}
        </button>
      </td>
    </tr>
  );
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
          <TrackRow
            key={`saved-${subtitle.path}`}
            choice={{ from: 'library', languageTag: subtitle.languageTag, languageName: subtitle.languageName ?? subtitle.languageTag }}
            tag={subtitle.languageTag}
            formats={<span className="badge badge-success">{t('subtitles.savedAs', { format: subtitle.format })}</span>}
            chosen={isChosen('library', subtitle.languageTag)}
            onChoose={onChoose}
          />
        ))}
        {tracks.map((track) => (
          <TrackRow
            key={`service-${track.language_tag}`}
            choice={{ from: 'service', languageTag: track.language_tag, languageName: track.language_name }}
            tag={track.language_tag}
            formats={
              <span className="row wrap">
                {track.urls.map((url) => (
                  <span key={url.format} className="badge">
                    {url.format}
                  </span>
                ))}
              </span>
            }
            chosen={isChosen('service', track.language_tag)}
            onChoose={onChoose}
          />
        ))}
      </tbody>
    </table>
  );
}
