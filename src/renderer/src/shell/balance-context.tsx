import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { Balance } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { useContractEvent } from './use-contract-event';

interface BalanceState {
  balance: Balance | undefined;
  error: ErrorInfo | undefined;
  /** `true` asks the service (the free credit query); `false` takes the engine's last known balance. */
  load(refresh: boolean): Promise<void>;
}

const BalanceContext = createContext<BalanceState>({ balance: undefined, error: undefined, load: async () => undefined });

export const useBalance = (): BalanceState => useContext(BalanceContext);

/**
 * The credit balance for the header and the Balance screen: asked at start, then kept by
 * `credits.changed`; asked again after a reconnect, since events sent meanwhile are lost.
 */
export function BalanceProvider({ children }: { children: ReactNode }) {
  const { api, onConnection } = useClient();
  const [balance, setBalance] = useState<Balance | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const load = useCallback(
    async (refresh: boolean) => {
      const result = await api['credits.get']({ refresh });
      if (result.ok) {
        setBalance(result.value);
        setError(undefined);
      } else {
        setError(result.error);
      }
    },
    [api],
  );
  useEffect(() => {
    void load(false);
    return onConnection((state) => {
      if (state === 'open') void load(false);
    });
  }, [load, onConnection]);
  useContractEvent('credits.changed', (next) => {
    setBalance(next);
    setError(undefined);
  });
  useContractEvent('key.changed', () => void load(true));
  return <BalanceContext.Provider value={{ balance, error, load }}>{children}</BalanceContext.Provider>;
}
