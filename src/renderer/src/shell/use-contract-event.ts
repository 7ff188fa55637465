import { useEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract';
import { useClient } from '../api/client-context';

/** Subscribes to a contract event for the component's lifetime; the latest listener is always used. */
export function useContractEvent<N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void): void {
  const { api } = useClient();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => api.on(name, (payload) => latest.current(payload)), [api, name]);
}
