import { startTransition, useContext, useEffect, useMemo, useReducer, useState } from 'react';
import type { CommandInput } from '../../../shared/contract';
import { useClient } from '../api/client-context';
import { EarlyLibraryPageContext } from './early-library-page';
import { LibraryPages } from './library-pages';
import { queryKey } from './library-query';
import type { LibraryFilters } from './library-query';

const SEARCH_DELAY_MS = 120;
const REFRESH_DELAY_MS = 400;

/** A value that follows `value` once it has stopped changing for `delayMs` (search as you type). */
export function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The library results for the filters, paged on demand. A new query (or a change to the
 * library: a finished download, a removal) starts a fresh set of pages; `version` changes
 * whenever a page arrives so the list re-renders.
 */
export function useLibraryResults(filters: LibraryFilters) {
  const { api } = useClient();
  const early = useContext(EarlyLibraryPageContext);
  const key = useSettled(queryKey(filters), SEARCH_DELAY_MS);
  const [generation, bump] = useReducer((count: number) => count + 1, 0);
  const [version, changed] = useReducer((count: number) => count + 1, 0);

  const pages = useMemo(() => {
    const query = JSON.parse(key) as CommandInput<'library.search'>;
    // Answers for a query the user has moved on from are not rendered.
    const holder = { live: false };
    // The first page asked for as the app started: rendered at once if it is already here.
    const first = generation === 0 ? early?.take(key) : undefined;
    let firstAnswer = first?.answer;
    const instance = new LibraryPages(
      (offset, limit) => {
        const answer = offset === 0 && firstAnswer ? firstAnswer : api['library.search']({ ...query, offset, limit });
        // Once: a retry of a failed first page asks again.
        if (offset === 0) firstAnswer = undefined;
        return answer;
      },
      () => {
        // Arriving pages render as a transition: React may split that work across frames, so scrolling never waits on it.
        if (holder.live) startTransition(changed);
      },
    );
    if (first?.arrived) instance.prefill(first.arrived);
    return { instance, holder };
  }, [api, key, generation, early]);
  useEffect(() => {
    pages.holder.live = true;
    // The first page tells how many results there are; the list asks for the rest as it scrolls.
    pages.instance.want(0, pages.instance.pageSize - 1);
    return () => {
      pages.holder.live = false;
    };
  }, [pages]);

  // The engine says when the library changed (a download recorded, a post removed, here
  // or by another Trove on the same folder); a burst of changes refreshes once.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(bump, REFRESH_DELAY_MS);
    };
    const stop = api.on('library.changed', later);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [api]);

  return { pages: pages.instance, version, refresh: bump, pending: key !== queryKey(filters) };
}
