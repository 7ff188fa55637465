import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventPayload } from '../../../shared/contract';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { formatNumber } from '../format/format';
import { useBalance } from './balance-context';
import { BalanceChecked } from './balance-checked';
import { useContractEvent } from './use-contract-event';

type Alert = { key: number } & ({ kind: 'credits'; alert: EventPayload<'credits.alert'> } | { kind: 'paused'; paused: EventPayload<'queue.paused'> });

let nextKey = 1;

/**
 * A banner for each balance alert the engine raises (it raises each threshold once per
 * crossing, even across restarts) and when the queue pauses for credits or a key. In web
 * mode a browser notification too, when the user allowed them (Electron's main process
 * shows native ones itself).
 */
export function BalanceAlerts() {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const [alerts, setAlerts] = useState<Alert[]>([]);
  // `credits.changed` comes before the alert it raises, so this is never older than an alert.
  const { balance: current } = useBalance();
  const credits = current?.availableCredits;
  // One banner per kind; "the queue waits for credits" says more than "the balance is 0", so it replaces it.
  const emptyBalance = (alert: Alert) => alert.kind === 'credits' && alert.alert.threshold === 0;
  const waitsForCredits = (alert: Alert) => alert.kind === 'paused' && alert.paused.reason === 'out_of_credits';
  const add = (alert: Alert) =>
    setAlerts((current) => {
      if (emptyBalance(alert) && current.some(waitsForCredits)) return current;
      const kept = current.filter((existing) => existing.kind !== alert.kind && !(waitsForCredits(alert) && emptyBalance(existing)));
      return [...kept, alert];
    });

  const text = (alert: Alert): { title: string; body: string } => {
    if (alert.kind === 'paused') {
      return {
        title: t(`alerts.paused.${alert.paused.reason}.title`, { defaultValue: t('alerts.paused.user.title') }),
        body: t(`alerts.paused.${alert.paused.reason}.body`, { defaultValue: alert.paused.message }),
      };
    }
    const { threshold, balance } = alert.alert;
    if (threshold === 0) return { title: t('alerts.empty.title'), body: t('alerts.empty.body') };
    return {
      title: t('alerts.low.title'),
      // The balance now, not at the crossing: later calls spend more.
      body: t('alerts.low.body', { balance: formatNumber(credits ?? balance, i18n.language), threshold: formatNumber(threshold, i18n.language) }),
    };
  };
  /** A top-up past the threshold (or any credit, for an empty balance or a queue waiting for credits) ends the alert. */
  const toppedUp = (alert: Alert): boolean => {
    if (credits === undefined) return false;
    if (alert.kind === 'credits') return alert.alert.threshold === 0 ? credits > 0 : credits >= alert.alert.threshold;
    return waitsForCredits(alert) && credits > 0;
  };
  const shown = alerts.filter((alert) => !toppedUp(alert));

  const notify = (alert: Alert) => {
    if (client.host !== 'web' || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const { title, body } = text(alert);
    new Notification(title, { body, tag: `trove-${alert.kind}` });
  };

  useContractEvent('credits.alert', (payload) => {
    const alert: Alert = { key: nextKey++, kind: 'credits', alert: payload };
    add(alert);
    notify(alert);
  });
  useContractEvent('queue.paused', (payload) => {
    if (payload.reason !== 'out_of_credits' && payload.reason !== 'key_required') return;
    const alert: Alert = { key: nextKey++, kind: 'paused', paused: payload };
    add(alert);
    notify(alert);
  });

  if (shown.length === 0) return null;
  return (
    <div className="alerts">
      {shown.map((alert) => {
        const { title, body } = text(alert);
        const severe = alert.kind === 'paused' || alert.alert.threshold <= 100;
        return (
          <div key={alert.key} className={`notice alert-banner ${severe ? 'notice-error' : 'notice-warning'}`} role="alert" data-testid="balance-alert">
            <Icon name="warning" />
            <div className="grow">
              <strong>{title}</strong> <span>{body}</span>{' '}
              {current && alert.kind === 'credits' && (
                <>
                  <BalanceChecked balance={current} className="small" />{' '}
                </>
              )}
              <a href={alert.kind === 'paused' && alert.paused.reason === 'key_required' ? '#/settings' : '#/balance'}>{t('alerts.details')}</a>
            </div>
            <button
              type="button"
              className="button button-icon button-small"
              aria-label={t('alerts.dismiss')}
              title={t('alerts.dismiss')}
              onClick={() => setAlerts((current) => current.filter((existing) => existing.key !== alert.key))}
            >
              <Icon name="close" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
