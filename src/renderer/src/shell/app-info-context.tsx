import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { AppInfo } from '../../../shared/contract';
import { useClient } from '../api/client-context';
import { useContractEvent } from './use-contract-event';

interface AppInfoState {
  /** Undefined until the engine answered. */
  info: AppInfo | undefined;
  reload(): Promise<void>;
}

const AppInfoContext = createContext<AppInfoState>({ info: undefined, reload: async () => undefined });

export const useAppInfo = (): AppInfoState => useContext(AppInfoContext);

/** What the face can do (open files, pick folders, the sandbox) and whether sandbox mode is on. */
export function AppInfoProvider({ children }: { children: ReactNode }) {
  const { api } = useClient();
  const [info, setInfo] = useState<AppInfo | undefined>(undefined);
  const reload = useCallback(async () => {
    const answer = await api['app.info']({});
    if (answer.ok) setInfo(answer.value);
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  // Sandbox mode changes the service, and the engine says so with settings.changed.
  useContractEvent('settings.changed', () => void reload());
  return <AppInfoContext.Provider value={{ info, reload }}>{children}</AppInfoContext.Provider>;
}
