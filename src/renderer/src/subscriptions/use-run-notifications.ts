import { useTranslation } from 'react-i18next';
import { useClient } from '../api/client-context';
import { useContractEvent } from '../shell/use-contract-event';

/**
 * Web mode: "3 new posts from @creator" as a browser notification, when the user allowed
 * them (Balance screen); the desktop app's main process shows native ones itself.
 */
export function useRunNotifications(): void {
  const { t } = useTranslation();
  const client = useClient();
  useContractEvent('subscription.ran', ({ id, title, username, run }) => {
    if (client.host !== 'web' || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const name = username ? `@${username}` : title;
    if (run.outcome === 'done' && run.found === 0) return;
    const body = run.outcome === 'done' ? t('subscriptions.newPosts', { count: run.found, name }) : `${name}: ${t(`subscriptions.outcome.${run.outcome}`)}`;
    new Notification(t('subscriptions.notificationTitle'), { body, tag: `trove-subscription-${id}` });
  });
}
