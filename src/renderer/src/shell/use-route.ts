import { useCallback, useSyncExternalStore } from 'react';

/*
 * Screens are addressed by the URL hash (#/queue), so the back button, reloads and
 * bookmarks in web mode work, and Electron needs no navigation at all.
 */

const subscribe = (listener: () => void): (() => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};
const readHash = (): string => window.location.hash.replace(/^#\/?/, '').split('/')[0] ?? '';

export function useRoute<Id extends string>(ids: readonly Id[], fallback: Id): [Id, (id: Id) => void] {
  const hash = useSyncExternalStore(subscribe, readHash);
  const current = (ids as readonly string[]).includes(hash) ? (hash as Id) : fallback;
  const navigate = useCallback((id: Id) => {
    window.location.hash = `#/${id}`;
  }, []);
  return [current, navigate];
}
