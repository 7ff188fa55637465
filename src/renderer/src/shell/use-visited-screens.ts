import { useState } from 'react';

/**
 * The screens shown so far, always including `current`. A screen mounts on its first visit
 * and then stays mounted while hidden, so what it holds (a preview, a scroll position, a
 * half-typed search) survives a tab switch, while a screen never opened costs nothing at
 * start: the first screen paints without rendering the five others first (benchmark 9).
 */
export function useVisitedScreens<Id extends string>(current: Id, mountedAtStart: readonly Id[]): ReadonlySet<Id> {
  const [visited, setVisited] = useState<ReadonlySet<Id>>(() => new Set([...mountedAtStart, current]));
  if (visited.has(current)) return visited;
  // Adjusting state while rendering (React re-renders at once, before committing this pass).
  const next = new Set(visited).add(current);
  setVisited(next);
  return next;
}
