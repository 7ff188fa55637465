import { useEffect, useRef } from 'react';
import type { ReactNode, RefObject } from 'react';

/**
 * Scrolls the element into view when it appears (and when `key` changes): an error below
 * the fold of a small window makes the button that caused it seem to do nothing.
 */
export function useScrolledIntoView<T extends HTMLElement>(key?: unknown): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, [key]);
  return ref;
}

/** A message that appears after an action: scrolled into view, and announced through its live region. */
export function InViewError({ children }: { children: ReactNode }) {
  const ref = useScrolledIntoView<HTMLDivElement>();
  return (
    <div ref={ref} className="stack" aria-live="assertive" data-testid="in-view-message">
      {children}
    </div>
  );
}
