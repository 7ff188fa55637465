import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { SaidMoment } from '../../../../shared/said';
import { formatNumber } from '../../format/format';
import { routeHash } from '../../shell/use-route';
import { formatCueTime } from '../../subtitles/cue-search';
import { useSaidMoments } from './use-said-moments';
import './said-moments.css';

/** The cue's text with each match in a <mark>. */
function MarkedText({ moment }: { moment: SaidMoment }) {
  let at = 0;
  const parts = moment.marks.map((mark) => {
    const before = moment.text.slice(at, mark.start);
    at = mark.end;
    return (
      <Fragment key={mark.start}>
        {before}
        <mark>{moment.text.slice(mark.start, mark.end)}</mark>
      </Fragment>
    );
  });
  return (
    <>
      {parts}
      {moment.text.slice(at)}
    </>
  );
}

/** The address that opens a moment: the post's player at that time, with that language's captions on. */
export const momentHash = (moment: Pick<SaidMoment, 'postId' | 'startMs' | 'language'>): string =>
  routeHash('library', moment.postId, 'said', moment.startMs, moment.language);

/** "Said in N videos" beside the Library's post results: the moments whose subtitles say what was typed. */
export function SaidMoments({ text }: { text: string }) {
  const { t, i18n } = useTranslation();
  const state = useSaidMoments(text);
  if (state.kind === 'idle' || (state.kind === 'ready' && state.result.total === 0)) return null;
  if (state.kind === 'error') return <p className="small muted">{t('said.failed', { reason: state.error.message })}</p>;
  const { moments, videos, capped } = state.result;
  const value = formatNumber(videos, i18n.language);
  return (
    <section className="said card" aria-labelledby="said-heading" data-testid="said">
      <h3 id="said-heading" className="said-heading">
        {capped ? t('said.headingMore', { value }) : t('said.heading', { count: videos, value })}
      </h3>
      <ol className="said-list">
        {moments.map((moment) => (
          <li key={moment.cueId}>
            <a className="said-moment" href={momentHash(moment)} data-testid="said-moment">
              <span className="said-where small muted">
                <span className="said-caption">{moment.caption || t('post.untitled')}</span>
                <span className="mono">{formatCueTime(moment.startMs)}</span>
                <span>{moment.languageName ?? moment.language}</span>
              </span>
              <span className="said-text">
                <MarkedText moment={moment} />
              </span>
            </a>
          </li>
        ))}
      </ol>
    </section>
  );
}
