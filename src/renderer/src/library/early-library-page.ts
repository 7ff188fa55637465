import { createContext } from 'react';
import type { TroveApi } from '../../../shared/contract';
import { hashSegments } from '../shell/use-route';
import { LIBRARY_PAGE_SIZE } from './library-pages';
import type { FetchPage, LibraryPage } from './library-pages';
import { DEFAULT_FILTERS, libraryQuery, queryKey } from './library-query';

type PageAnswer = Awaited<ReturnType<FetchPage>>;

/**
 * The library's first page, asked for as the app starts on the library screen: in parallel
 * with `settings.get`, the translations and the first render, instead of after them (a
 * round trip and a render pass off the first paint; benchmark 9). Only the unfiltered query
 * the screen opens with, and only once: the screen's first set of pages takes it.
 */
export interface EarlyLibraryPage {
  /** The early answer for this query's first page, once, or undefined (another query, or already taken). */
  take(key: string): { answer: Promise<PageAnswer>; arrived: LibraryPage | undefined } | undefined;
}

/** Asks for the first page at once when `hash` opens the library's list (not a post's view). */
export function requestEarlyLibraryPage(api: Pick<TroveApi, 'library.search'>, hash: string): EarlyLibraryPage | undefined {
  const segments = hashSegments(hash.replace(/^#\/?/, ''));
  if (segments[0] !== 'library' || segments.length > 1) return undefined;
  const answer = api['library.search'](libraryQuery(DEFAULT_FILTERS, 0, LIBRARY_PAGE_SIZE));
  let arrived: LibraryPage | undefined;
  void answer.then((page) => {
    if (page.ok) arrived = page.value;
  });
  let taken = false;
  return {
    take(key) {
      if (taken || key !== queryKey(DEFAULT_FILTERS)) return undefined;
      taken = true;
      return { answer, arrived };
    },
  };
}

/** Where the library screen finds the early page (none in tests or when the app opened elsewhere). */
export const EarlyLibraryPageContext = createContext<EarlyLibraryPage | undefined>(undefined);
