import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { ErrorNotice } from '../errors/error-notice';

/**
 * "Follow": subscribes to a profile or playlist with the defaults (daily, no caps, stop
 * below 100 credits) for posts published from now on: one press never buys a whole profile
 * (the card's own download does that, priced). The Subscriptions screen changes any of it.
 */
export function FollowButton({ url, following }: { url: string; following?: boolean }) {
  const { t } = useTranslation();
  const { api } = useClient();
  const [done, setDone] = useState(following === true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const follow = async () => {
    setBusy(true);
    const answer = await api['subscriptions.add']({ url, onlyAfter: Date.now() });
    setBusy(false);
    // Following it already is what the user wanted.
    if (answer.ok || answer.error.code === 'duplicate') setDone(true);
    else setError(answer.error);
  };
  if (done) {
    return (
      <a className="button button-small follow-button" href="#/subscriptions" data-testid="following">
        <Icon name="check" /> {t('subscriptions.following')}
      </a>
    );
  }
  return (
    <>
      <button type="button" className="button button-small follow-button" disabled={busy} onClick={() => void follow()} title={t('subscriptions.followTip')} data-testid="follow">
        <Icon name="bell" /> {t('subscriptions.follow')}
      </button>
      {error && <ErrorNotice error={error} title={t('subscriptions.followFailed')} />}
    </>
  );
}
