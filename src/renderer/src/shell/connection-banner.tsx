import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../api/client-context';

/** Web mode only: says so when the WebSocket to the engine is down (calls wait or fail retryably). */
export function ConnectionBanner() {
  const client = useClient();
  const { t } = useTranslation();
  const [down, setDown] = useState(false);
  useEffect(() => client.onConnection((state) => setDown(state === 'closed')), [client]);
  if (!down) return null;
  return (
    <div className="notice notice-warning connection-banner" role="status">
      {t('app.reconnecting')}
    </div>
  );
}
