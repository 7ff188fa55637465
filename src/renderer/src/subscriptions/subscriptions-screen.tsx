import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { DEFAULT_STOP_BELOW } from '../../../shared/subscriptions';
import { useClient } from '../api/client-context';
import { EmptyState, LoadingState } from '../design/states';
import { ErrorNotice } from '../errors/error-notice';
import { SubscriptionForm } from './subscription-form';
import type { FormChoices } from './subscription-form';
import { SubscriptionRow } from './subscription-row';
import { useRunNotifications } from './use-run-notifications';
import { useSubscriptions } from './use-subscriptions';

const NEW: FormChoices = { schedule: 'daily', runCap: null, monthCap: null, stopBelow: DEFAULT_STOP_BELOW, onlyAfter: null, folder: '' };

/** Follow a link, and every subscription with its last run, what it found and cost, and its next run. */
export function SubscriptionsScreen() {
  const { t } = useTranslation();
  const { api } = useClient();
  const { subscriptions, error, reload } = useSubscriptions();
  const [link, setLink] = useState('');
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [addError, setAddError] = useState<ErrorInfo | undefined>(undefined);
  useRunNotifications();

  const follow = async ({ folder, ...choices }: FormChoices) => {
    setBusy(true);
    setAddError(undefined);
    const answer = await api['subscriptions.add']({ url: link, ...choices, options: folder ? { folder } : {} });
    setBusy(false);
    if (!answer.ok) return setAddError(answer.error);
    setLink('');
    setAdding(false);
  };
  const open = (event: FormEvent) => {
    event.preventDefault();
    if (link.trim()) setAdding(true);
  };

  return (
    <div className="subscriptions-screen stack">
      <section className="card stack" aria-labelledby="follow-title">
        <h2 id="follow-title">{t('subscriptions.followTitle')}</h2>
        <p className="small muted">{t('subscriptions.followHint')}</p>
        <form className="row" onSubmit={open}>
          <input
            className="input grow"
            type="url"
            aria-label={t('subscriptions.link')}
            placeholder={t('subscriptions.linkPlaceholder')}
            value={link}
            onChange={(event) => setLink(event.target.value)}
            data-testid="follow-link"
          />
          <button type="submit" className="button button-primary" disabled={!link.trim() || adding}>
            {t('subscriptions.follow')}
          </button>
        </form>
        {adding && (
          <SubscriptionForm initial={NEW} submitLabel={t('subscriptions.follow')} busy={busy} onSubmit={(choices) => void follow(choices)} onCancel={() => setAdding(false)} />
        )}
        {addError && <ErrorNotice error={addError} title={t('subscriptions.followFailed')} />}
      </section>
      {error && <ErrorNotice error={error} title={t('subscriptions.loadFailed')} onRetry={() => void reload()} />}
      {!subscriptions && !error && <LoadingState label={t('subscriptions.loading')} />}
      {subscriptions?.length === 0 && (
        <EmptyState title={t('subscriptions.empty')} testId="subscriptions-empty">
          <p>{t('subscriptions.emptyHint')}</p>
        </EmptyState>
      )}
      {subscriptions && subscriptions.length > 0 && (
        <ul className="subscription-list stack" aria-label={t('nav.subscriptions')}>
          {subscriptions.map((subscription) => (
            <SubscriptionRow key={subscription.id} subscription={subscription} />
          ))}
        </ul>
      )}
    </div>
  );
}
