import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import type { JobView } from '../../../shared/jobs';
import { useClient } from '../api/client-context';
import { JobStore } from './job-store';

const JobStoreContext = createContext<JobStore | undefined>(undefined);

/**
 * Holds the queue for the whole app (the nav badge and the Queue screen share it): the
 * list once, then `job.updated` / `job.removed`; after a reconnect, the list again,
 * since events sent while disconnected are lost.
 */
export function JobsProvider({ children }: { children: ReactNode }) {
  const client = useClient();
  const [store] = useState(() => new JobStore());
  useEffect(() => {
    const load = async (): Promise<void> => {
      const listed = await client.api['jobs.list']({});
      if (listed.ok) store.replaceAll(listed.value);
    };
    const stops = [
      client.api.on('job.updated', (job) => store.upsert(job)),
      client.api.on('job.removed', ({ id }) => store.remove(id)),
      client.onConnection((state) => {
        if (state === 'open') void load();
      }),
    ];
    void load();
    return () => {
      for (const stop of stops) stop();
    };
  }, [client, store]);
  return <JobStoreContext.Provider value={store}>{children}</JobStoreContext.Provider>;
}

/** Whether the queue has been listed once: before that, an empty queue means "not loaded yet". */
export function useJobsListed(): boolean {
  const store = useContext(JobStoreContext);
  if (!store) throw new Error('useJobsListed must be used inside <JobsProvider>.');
  return useSyncExternalStore(store.subscribe, store.listed);
}

export function useJobs(): readonly JobView[] {
  const store = useContext(JobStoreContext);
  if (!store) throw new Error('useJobs must be used inside <JobsProvider>.');
  return useSyncExternalStore(store.subscribe, store.snapshot);
}
