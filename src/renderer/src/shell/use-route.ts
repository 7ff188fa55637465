import { useCallback, useSyncExternalStore } from 'react';

/*
 * Screens are addressed by the URL hash (#/queue, #/library/12), so the back button,
 * reloads and bookmarks in web mode work, and Electron needs no navigation at all.
 */

const subscribe = (listener: () => void): (() => void) => {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
};
const readHash = (): string => window.location.hash.replace(/^#\/?/, '');

/** The hash as path segments: "#/library/12" → ["library", "12"] (each decoded). */
export function hashSegments(hash: string): string[] {
  return hash
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** A hash for a screen and its parameters, each segment encoded: ("subtitles", "link", url). */
export const routeHash = (...segments: Array<string | number>): string => `#/${segments.map((segment) => encodeURIComponent(String(segment))).join('/')}`;

export function useRoute<Id extends string>(ids: readonly Id[], fallback: Id): [Id, (id: Id) => void] {
  const hash = useSyncExternalStore(subscribe, readHash);
  const first = hashSegments(hash)[0] ?? '';
  const current = (ids as readonly string[]).includes(first) ? (first as Id) : fallback;
  const navigate = useCallback((id: Id) => {
    window.location.hash = `#/${id}`;
  }, []);
  return [current, navigate];
}

/**
 * The segments after the screen's own: for "#/library/12", ["12"]. Given a screen, only while
 * that screen is the one addressed (a screen once shown stays mounted, so another's address is not its own).
 */
export function useRouteParams(screen?: string): string[] {
  const hash = useSyncExternalStore(subscribe, readHash);
  const segments = hashSegments(hash);
  if (screen !== undefined && segments[0] !== screen) return [];
  return segments.slice(1);
}
