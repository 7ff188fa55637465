import { useTranslation } from 'react-i18next';
import type { GrabResult } from '../../../shared/contract';
import { quote } from '../../../shared/price-quote';
import { PricedAction } from '../balance/priced-action';
import { usePrices } from '../balance/use-prices';
import { ProfileFacts } from './profile-facts';
import { ProfileRun } from './profile-run';
import { ProfileSubtitles } from './profile-subtitles';
import { useSubtitlesChoice } from './use-subtitles-choice';

interface KnownProfileCardProps {
  url: string;
  known: Extract<GrabResult, { kind: 'profile' }>;
  /** Buys the first page (charged): what is new since the last visit. */
  onFirstPage: () => void;
  onRemove: () => void;
}

/**
 * A profile Trove has seen before, as the library has it, at no charge: when it was last
 * visited and the posts of it already downloaded. Seeing what is new is one priced page
 * ("Check for new posts"); syncing or taking the whole profile are runs of the queue.
 */
export function KnownProfileCard({ url, known, onFirstPage, onRemove }: KnownProfileCardProps) {
  const { t, i18n } = useTranslation();
  const prices = usePrices();
  const subtitles = useSubtitlesChoice(url);
  const { profile, library } = known;
  const name = profile.displayName ?? profile.username ?? url;
  const time = new Date(profile.lastVisitAt).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <article className="card grab-card playlist-card" data-testid="known-profile-card" aria-label={name}>
      <header className="row">
        <div className="grow">
          <h3>{name}</h3>
          <ProfileFacts username={profile.username} site={profile.site} postCount={profile.postCount} />
        </div>
        <button type="button" className="button button-small" onClick={onRemove}>
          {t('grab.remove')}
        </button>
      </header>
      <p className="row wrap">
        <span className="badge badge-success" data-testid="seen-before">
          {t('playlist.seenBefore', { time })}
        </span>
      </p>
      <PricedAction quote={quote(prices, 'playlist', url)} pages={1} onRun={onFirstPage}>
        {(run) => (
          <button type="button" className="button button-primary" onClick={run} data-testid="check-new">
            {t('playlist.checkNew')}
          </button>
        )}
      </PricedAction>
      <ProfileSubtitles choice={subtitles} />
      <ProfileRun url={url} postCount={profile.postCount} prices={prices} saveSubtitles={subtitles.save} />
      {library && (
        <section className="stack" data-testid="library-posts">
          <h4 className="small">{t('playlist.inLibraryCount', { count: library.total })}</h4>
          <ul className="small known-profile-posts">
            {library.items.map((item) => (
              <li key={item.id}>
                <a href={`#/library/${item.id}`}>{item.caption || t('post.untitled')}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
