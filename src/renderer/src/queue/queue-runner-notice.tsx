import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueueRunner } from '../../../shared/contract';
import { useClient } from '../api/client-context';
import { useContractEvent } from '../shell/use-contract-event';

/**
 * Says who runs the downloads of this data folder when it is not this window's engine
 * (the desktop app, `trove serve` or a `trove get` on the same folder): jobs added here
 * wait in that queue, and this engine takes it over when that process ends. Also says when
 * the folder cannot be reserved for one Trove at all.
 */
export function QueueRunnerNotice() {
  const { api } = useClient();
  const { t, i18n } = useTranslation();
  const [runner, setRunner] = useState<QueueRunner | undefined>(undefined);
  useContractEvent('queue.runner', setRunner);
  useEffect(() => {
    let current = true;
    void api['queue.runner']({}).then((answer) => {
      if (current && answer.ok) setRunner((seen) => seen ?? answer.value);
    });
    return () => {
      current = false;
    };
  }, [api]);

  if (runner?.unavailable) {
    return (
      <div className="notice notice-warning" role="status" data-testid="queue-runner">
        <strong>{t('queue.runner.unavailableTitle')}</strong>
        <span>{runner.unavailable}</span>
      </div>
    );
  }
  if (!runner?.elsewhere) return null;
  const { holder } = runner;
  const since = holder ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(holder.startedAt) : '';
  return (
    <div className="notice" role="status" data-testid="queue-runner">
      <strong>{t('queue.runner.elsewhereTitle')}</strong>
      <span>
        {holder ? t('queue.runner.elsewhereBody', { who: t(`queue.runner.face.${holder.face}`), pid: holder.pid, since }) : t('queue.runner.elsewhereUnknown')}
      </span>
    </div>
  );
}
