import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import type { SubscriptionEdit, SubscriptionRun, SubscriptionView } from '../../../shared/subscriptions';
import { useClient } from '../api/client-context';
import { ConfirmDialog } from '../design/confirm-dialog';
import { Icon } from '../design/icon';
import { ErrorNotice } from '../errors/error-notice';
import { formatNumber } from '../format/format';
import { RunSummary } from './run-summary';
import { SubscriptionForm } from './subscription-form';
import type { FormChoices } from './subscription-form';

/** Why the last run stopped early, in the user's language (the engine's words only for a failure, which carries the service's). */
function StopReason({ subscription, run }: { subscription: SubscriptionView; run: SubscriptionRun }) {
  const { t, i18n } = useTranslation();
  const credits = (value: number | null) => formatNumber(value ?? 0, i18n.language);
  const text =
    run.outcome === 'run_cap'
      ? t('subscriptions.why.run_cap', { cap: credits(subscription.runCap) })
      : run.outcome === 'month_cap'
        ? t('subscriptions.why.month_cap', { cap: credits(subscription.monthCap) })
        : run.outcome === 'low_balance'
          ? t('subscriptions.why.low_balance', { threshold: credits(subscription.stopBelow) })
          : run.message;
  return (
    <p className="small muted" data-testid="stop-reason">
      {text}
    </p>
  );
}

const when = (at: number, locale: string): string => new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** One subscription: what it follows, its last run (found, cost), its next run, and pause, run now, edit, remove. */
export function SubscriptionRow({ subscription }: { subscription: SubscriptionView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { api } = useClient();
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const act = async (action: () => Promise<{ ok: true } | { ok: false; error: ErrorInfo }>) => {
    setBusy(true);
    setError(undefined);
    const answer = await action();
    setBusy(false);
    if (!answer.ok) setError(answer.error);
    return answer.ok;
  };
  const edit = (changes: Omit<SubscriptionEdit, 'id'>) => act(() => api['subscriptions.edit']({ id: subscription.id, ...changes }));
  const save = async ({ folder, ...choices }: FormChoices) => {
    const { folder: _old, ...options } = subscription.options;
    if (await edit({ ...choices, options: { ...options, ...(folder ? { folder } : {}) } })) setEditing(false);
  };
  const name = subscription.username ? `@${subscription.username}` : subscription.title;
  const next = subscription.paused
    ? t('subscriptions.paused')
    : subscription.nextRunAt === null
      ? t('subscriptions.onlyByHand')
      : when(subscription.nextRunAt, locale);

  return (
    <li className="card subscription-row" data-testid="subscription-row">
      <div className="row wrap subscription-head">
        <div className="grow subscription-name">
          <strong className="subscription-title">{name}</strong>
          {subscription.username && subscription.title !== name && <span className="muted"> {subscription.title}</span>}
          {subscription.title !== subscription.url && <div className="small muted">{subscription.url}</div>}
        </div>
        <span className="badge">{t(`subscriptions.every.${subscription.schedule}`)}</span>
        {subscription.paused && <span className="badge badge-warning">{t('subscriptions.paused')}</span>}
      </div>
      <dl className="subscription-facts small">
        <div>
          <dt>{t('subscriptions.lastRun')}</dt>
          <dd>
            {subscription.running ? (
              <span className="badge badge-accent">{t('subscriptions.running')}</span>
            ) : subscription.lastRun ? (
              <>
                {when(subscription.lastRun.at, locale)} · <RunSummary run={subscription.lastRun} />
              </>
            ) : (
              t('subscriptions.never')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('subscriptions.next')}</dt>
          <dd data-testid="next-run">{next}</dd>
        </div>
        <div>
          <dt>{t('subscriptions.thisMonth')}</dt>
          <dd>
            {t('subscriptions.cost', { credits: formatNumber(Math.round(subscription.monthSpent * 100) / 100, locale) })}
            {subscription.monthCap !== null && ` / ${formatNumber(subscription.monthCap, locale)}`}
          </dd>
        </div>
      </dl>
      {subscription.lastRun && subscription.lastRun.outcome !== 'done' && <StopReason subscription={subscription} run={subscription.lastRun} />}
      <div className="row wrap subscription-actions">
        <button type="button" className="button button-small" disabled={busy || subscription.running} onClick={() => void act(() => api['subscriptions.run']({ id: subscription.id }))}>
          <Icon name="retry" /> {t('subscriptions.runNow')}
        </button>
        <button type="button" className="button button-small" disabled={busy} onClick={() => void edit({ paused: !subscription.paused })}>
          <Icon name={subscription.paused ? 'play' : 'pause'} /> {subscription.paused ? t('subscriptions.resume') : t('subscriptions.pause')}
        </button>
        <button type="button" className="button button-small" disabled={busy} aria-expanded={editing} onClick={() => setEditing(!editing)}>
          {t('subscriptions.edit')}
        </button>
        <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => setRemoving(true)}>
          <Icon name="trash" /> {t('subscriptions.remove')}
        </button>
      </div>
      {error && <ErrorNotice error={error} title={t('subscriptions.failed')} />}
      {editing && (
        <SubscriptionForm
          initial={{ ...subscription, folder: subscription.options.folder ?? '' }}
          submitLabel={t('subscriptions.save')}
          busy={busy}
          onSubmit={(choices) => void save(choices)}
          onCancel={() => setEditing(false)}
        />
      )}
      <ConfirmDialog
        open={removing}
        title={t('subscriptions.removeTitle', { name })}
        choices={[{ label: t('subscriptions.remove'), tone: 'danger', onChoose: () => void act(() => api['subscriptions.remove']({ id: subscription.id })).then(() => setRemoving(false)) }]}
        cancelLabel={t('common.cancel')}
        onCancel={() => setRemoving(false)}
      >
        <p>{t('subscriptions.removeBody')}</p>
      </ConfirmDialog>
    </li>
  );
}
