import { useCallback, useEffect, useState } from 'react';
import type { LearnedPrice } from '../../../shared/credits';
import { useClient } from '../api/client-context';
import { useContractEvent } from '../shell/use-contract-event';

/**
 * The prices Trove has learned so far (credits.prices), asked again after every balance
 * answer: that is when the engine learns one. Empty until loaded: every price unknown.
 */
export function usePrices(): readonly LearnedPrice[] {
  const { api } = useClient();
  const [prices, setPrices] = useState<readonly LearnedPrice[]>([]);
  const load = useCallback(async () => {
    const answer = await api['credits.prices']({});
    if (answer.ok) setPrices(answer.value.prices);
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);
  useContractEvent('credits.changed', () => void load());
  return prices;
}
