import { createContext, useContext } from 'react';
import type { TroveClient } from './client';

export const ClientContext = createContext<TroveClient | undefined>(undefined);

export function useClient(): TroveClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('useClient must be used inside <ClientContext.Provider>.');
  return client;
}
