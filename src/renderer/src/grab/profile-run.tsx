import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LearnedPrice } from '../../../shared/credits';
import type { ErrorInfo } from '../../../shared/errors';
import { pagesFor, quote } from '../../../shared/price-quote';
import type { PriceQuote } from '../../../shared/price-quote';
import { useClient } from '../api/client-context';
import { PricedAction } from '../balance/priced-action';
import { ErrorNotice } from '../errors/error-notice';
import { formatNumber } from '../format/format';
import { useSettings } from '../shell/settings-context';
import { playlistRunRequest } from './download-request';

interface ProfileRunProps {
  url: string;
  /** The profile's post count, when the service says it. */
  postCount: number | undefined;
  /** Posts on the first page: the page size the price of the whole profile is counted in (unknown before a page is loaded). */
  pageSize?: number;
  prices: readonly LearnedPrice[];
  /** The card's subtitles choice, for every post the run queues (false: none, whatever Settings say). */
  saveSubtitles: boolean;
}

/** The cap typed by the user: a positive number of credits, or none (blank). */
const capOf = (text: string): number | undefined => {
  const credits = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(credits) && credits > 0 ? credits : undefined;
};

/**
 * A profile as a run of the queue, priced before paying: "Download whole profile" (every
 * page from the first, posts already in the library skipped) and "Sync new posts" (pages
 * from the newest until a post already in the library: usually one). Both stop before
 * passing the cost cap, which starts at the whole profile's price so a profile that grew, or
 * a price that rose, asks before spending more; blank means no cap.
 */
export function ProfileRun({ url, postCount, pageSize, prices, saveSubtitles }: ProfileRunProps) {
  const { t, i18n } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const capId = useId();
  const pages = postCount === undefined || !pageSize ? undefined : Math.max(1, pagesFor(postCount, pageSize));
  // Without a post count or a page size the number of pages is unknown, and so is the price of all of them.
  const whole: PriceQuote = pages === undefined ? { known: false } : quote(prices, 'playlist', url, pages);
  const sync = quote(prices, 'playlist', url, 1);
  const [capText, setCapText] = useState<string | undefined>(undefined);
  // Until the user types one, the cap follows the whole profile's price as it becomes known.
  const shownCap = capText ?? (pages !== undefined && whole.known ? String(Math.ceil(whole.credits)) : '');
  const cap = capOf(shownCap);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<number | null | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const start = async (asSync: boolean) => {
    setBusy(true);
    setError(undefined);
    const result = await api['jobs.add'](playlistRunRequest(url, { sync: asSync, maxCredits: cap }, settings, saveSubtitles));
    setBusy(false);
    if (result.ok) setAdded(cap ?? null);
    else setError(result.error);
  };

  return (
    <section className="stack profile-run" data-testid="profile-run" aria-label={t('playlist.wholeProfile')}>
      <div className="row wrap profile-run-actions">
        <PricedAction quote={whole} {...(pages === undefined ? {} : { pages })} onRun={() => void start(false)}>
          {(run) => (
            <button type="button" className="button" disabled={busy} onClick={run} title={t('playlist.wholeProfileHint')} data-testid="whole-profile">
              {t('playlist.wholeProfile')}
            </button>
          )}
        </PricedAction>
        <PricedAction quote={sync} pages={1} onRun={() => void start(true)}>
          {(run) => (
            <button type="button" className="button" disabled={busy} onClick={run} title={t('playlist.syncHint')} data-testid="sync-profile">
              {t('playlist.syncNew')}
            </button>
          )}
        </PricedAction>
      </div>
      <div className="row wrap">
        <label htmlFor={capId} className="small">
          {t('playlist.cap')}
        </label>
        <input
          id={capId}
          className="input cap-input"
          inputMode="decimal"
          value={shownCap}
          placeholder={t('playlist.capNone')}
          onChange={(event) => setCapText(event.target.value)}
          data-testid="cost-cap"
        />
        <span className="small">{t('playlist.capUnit')}</span>
      </div>
      {added !== undefined && (
        <p className="small added-notice" role="status" data-testid="run-added">
          {added === null ? t('playlist.runAdded') : t('playlist.runAddedCapped', { cap: formatNumber(added, i18n.language) })} <a href="#/queue">{t('grab.openQueue')}</a>
        </p>
      )}
      {error && <ErrorNotice error={error} />}
    </section>
  );
}
