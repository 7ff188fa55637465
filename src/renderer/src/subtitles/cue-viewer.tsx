import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cue } from '../../../shared/subtitles';
import { activeCueIndex, formatCueTime, searchCues } from './cue-search';

interface CueViewerProps {
  cues: readonly Cue[];
  languageName: string;
  /** Seconds into the playing video, when there is a player. */
  playingAt?: number;
  /** When the video is in the library: clicking a cue seeks the player there. */
  onSeek?: (ms: number) => void;
}

/** The cues of one track with their times, searchable; with a player, a click seeks and the playing cue is marked. */
export function CueViewer({ cues, languageName, playingAt, onSeek }: CueViewerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchCues(cues, query), [cues, query]);
  const active = playingAt === undefined ? -1 : activeCueIndex(cues, playingAt * 1000);
  const activeRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    activeRef.current?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  return (
    <section className="cue-viewer stack" aria-labelledby={`${id}-title`} data-testid="cue-viewer">
      <div className="row wrap">
        <h3 id={`${id}-title`} className="grow">
          {t('subtitles.cuesOf', { language: languageName })}
        </h3>
        <input
          className="input cue-search"
          type="search"
          aria-label={t('subtitles.searchCues')}
          placeholder={t('subtitles.searchCues')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <p className="small muted" aria-live="polite" data-testid="cue-count">
        {query.trim() ? t('subtitles.matches', { count: matches.length, total: cues.length }) : t('subtitles.cueCount', { count: cues.length })}
        {onSeek && ` · ${t('subtitles.clickToSeek')}`}
      </p>
      {matches.length === 0 ? (
        <p className="muted">{cues.length === 0 ? t('subtitles.noCues') : t('subtitles.noMatches')}</p>
      ) : (
        <ol className="cue-list">
          {matches.map((index) => {
            const cue = cues[index];
            if (!cue) return null;
            const time = `${formatCueTime(cue.startMs)} → ${formatCueTime(cue.endMs)}`;
            const content = (
              <>
                <span className="cue-time mono">{time}</span>
                <span className="cue-text">{cue.text}</span>
              </>
            );
            return (
              <li key={index} ref={index === active ? activeRef : undefined} className={`cue${index === active ? ' is-active' : ''}`} data-testid="cue">
                {onSeek ? (
                  <button type="button" className="cue-button" aria-label={t('subtitles.seekTo', { time: formatCueTime(cue.startMs), text: cue.text })} onClick={() => onSeek(cue.startMs)}>
                    {content}
                  </button>
                ) : (
                  <div className="cue-button">{content}</div>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
