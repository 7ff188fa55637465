import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommandResult } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import { EmptyState, LoadingState } from '../design/states';
import { ErrorNotice } from '../errors/error-notice';
import { formatNumber } from '../format/format';
import { useJobs } from '../queue/jobs-context';
import { useBalance } from '../shell/balance-context';
import { BalanceChecked } from '../shell/balance-checked';
import { useContractEvent } from '../shell/use-contract-event';
import { LedgerTable } from './ledger-table';
import { SpendChart } from './spend-chart';
import { fillDays } from './spend-days';

const DAYS = 30;
type Ledger = CommandResult<'credits.ledger'>;

/** Saves text as a file through the browser's download (both faces): the CSV export. */
function saveText(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Why the queue waits, when it waits for credits: said plainly, with what happens next. */
function OutOfCredits({ waiting }: { waiting: number }) {
  const { t } = useTranslation();
  return (
    <div className="notice notice-error out-of-credits" role="status" data-testid="out-of-credits">
      <strong>{t('balanceScreen.outTitle')}</strong>
      <p>{t('balanceScreen.outBody', { count: waiting })}</p>
      <p className="small">{t('balanceScreen.outNext')}</p>
      <div>
        <a className="button button-small" href="#/queue">
          {t('grab.openQueue')}
        </a>
      </div>
    </div>
  );
}

/** Web mode: browser notifications for balance alerts, once the user allows them. */
function NotificationSwitch() {
  const { t } = useTranslation();
  const client = useClient();
  const supported = client.host === 'web' && typeof Notification !== 'undefined';
  // read once: Notification.permission is a slow call, and this screen re-renders with every queue update
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));
  if (!supported) return null;
  if (permission === 'granted') return <p className="small muted">{t('balanceScreen.notificationsOn')}</p>;
  if (permission === 'denied') return <p className="small muted">{t('balanceScreen.notificationsBlocked')}</p>;
  return (
    <button type="button" className="button button-small" onClick={() => void Notification.requestPermission().then(setPermission)}>
      <Icon name="bell" /> {t('balanceScreen.enableNotifications')}
    </button>
  );
}

/** The balance, why the queue may be waiting, spend per day and every charged call, with CSV export. */
export function BalanceScreen() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { api } = useClient();
  const { balance, error, load } = useBalance();
  const jobs = useJobs();
  const [ledger, setLedger] = useState<Ledger | undefined>(undefined);
  const [ledgerError, setLedgerError] = useState<ErrorInfo | undefined>(undefined);
  const [exportError, setExportError] = useState<ErrorInfo | undefined>(undefined);

  const loadLedger = useCallback(async () => {
    const answer = await api['credits.ledger']({ days: DAYS });
    if (answer.ok) {
      setLedger(answer.value);
      setLedgerError(undefined);
    } else {
      setLedgerError(answer.error);
    }
  }, [api]);
  useEffect(() => {
    void loadLedger();
  }, [loadLedger]);
  // Every charged call is followed by a balance check: the ledger has news then.
  useContractEvent('credits.changed', () => void loadLedger());

  const waiting = jobs.filter((job) => job.state === 'paused' && job.pauseReason === 'out_of_credits').length;
  const empty = balance !== undefined && balance.availableCredits <= 0;
  const days = useMemo(() => fillDays(ledger?.byDay ?? [], DAYS, Date.now()), [ledger]);

  const exportCsv = async () => {
    const answer = await api['credits.exportCsv']({});
    if (answer.ok) {
      setExportError(undefined);
      saveText(answer.value.csv, `trove-credits-${new Date().toISOString().slice(0, 10)}.csv`);
    } else {
      setExportError(answer.error);
    }
  };

  return (
    <div className="balance-screen stack">
      <section className="card balance-hero" aria-labelledby="balance-now">
        <div className="stack grow">
          <h2 id="balance-now" className="small muted">
            {t('balanceScreen.now')}
          </h2>
          <p className="balance-figure" data-testid="balance-figure">
            {balance ? formatNumber(balance.availableCredits, locale) : '—'}
            <span className="balance-unit">{t('balanceScreen.unit')}</span>
          </p>
          <p className="small muted">{balance ? <BalanceChecked balance={balance} /> : t('balance.unknown')}</p>
        </div>
        <div className="stack balance-hero-actions">
          <button type="button" className="button" onClick={() => void load(true)}>
            <Icon name="retry" /> {t('balance.refresh')}
          </button>
          <NotificationSwitch />
        </div>
      </section>
      {error && <ErrorNotice error={error} title={t('balanceScreen.checkFailed')} onRetry={() => void load(true)} />}
      {(empty || waiting > 0) && <OutOfCredits waiting={waiting} />}
      <p className="small muted">{t('balanceScreen.thresholds')}</p>

      <section className="card stack" aria-labelledby="spend-title">
        <div className="row wrap">
          <h2 id="spend-title" className="grow">
            {t('balanceScreen.spend', { days: DAYS })}
          </h2>
          <button type="button" className="button button-small" onClick={() => void exportCsv()} data-testid="export-csv">
            <Icon name="download" /> {t('balanceScreen.export')}
          </button>
        </div>
        {exportError && <ErrorNotice error={exportError} title={t('balanceScreen.exportFailed')} />}
        {ledgerError && <ErrorNotice error={ledgerError} title={t('balanceScreen.ledgerFailed')} onRetry={() => void loadLedger()} />}
        {!ledger && !ledgerError && <LoadingState label={t('balanceScreen.loadingLedger')} />}
        {ledger && ledger.entries.length === 0 && (
          <EmptyState title={t('balanceScreen.noCalls')}>
            <p>{t('balanceScreen.noCallsHint')}</p>
          </EmptyState>
        )}
        {ledger && ledger.entries.length > 0 && (
          <>
            <SpendChart days={days} />
            <LedgerTable entries={ledger.entries} />
          </>
        )}
      </section>
    </div>
  );
}
