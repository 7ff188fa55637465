import { useCallback, useEffect, useState } from 'react';
import type { ErrorInfo } from '../../../shared/errors';
import type { SubscriptionView } from '../../../shared/subscriptions';
import { useClient } from '../api/client-context';
import { useContractEvent } from '../shell/use-contract-event';

/** The subscriptions, kept current by the engine's events (a run in the background updates its row). */
export function useSubscriptions(): { subscriptions: SubscriptionView[] | undefined; error: ErrorInfo | undefined; reload: () => Promise<void> } {
  const { api } = useClient();
  const [subscriptions, setSubscriptions] = useState<SubscriptionView[] | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const reload = useCallback(async () => {
    const answer = await api['subscriptions.list']({});
    if (answer.ok) {
      setSubscriptions(answer.value.subscriptions);
      setError(undefined);
    } else setError(answer.error);
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  useContractEvent('subscription.updated', (updated) =>
    setSubscriptions((current) => {
      if (!current) return current;
      const known = current.some((one) => one.id === updated.id);
      return known ? current.map((one) => (one.id === updated.id ? updated : one)) : [...current, updated];
    }),
  );
  useContractEvent('subscription.removed', ({ id }) => setSubscriptions((current) => current?.filter((one) => one.id !== id)));
  return { subscriptions, error, reload };
}
