import type { CommandInput } from '../../../shared/contract';
import type { MediaType } from '../../../shared/post';

export const LIBRARY_SORTS = ['added', 'created', 'title', 'size'] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** The Library's search box, filters and sort as the user set them (form values: '' = not set). */
export interface LibraryFilters {
  text: string;
  site: string;
  mediaType: MediaType | '';
  author: string;
  /** YYYY-MM-DD (a date input's value), on the post's creation date; `to` includes that day. */
  from: string;
  to: string;
  hasSubtitles: 'any' | 'yes' | 'no';
  sort: LibrarySort;
  direction: 'asc' | 'desc';
}

export const DEFAULT_FILTERS: Readonly<LibraryFilters> = Object.freeze({
  text: '',
  site: '',
  mediaType: '',
  author: '',
  from: '',
  to: '',
  hasSubtitles: 'any',
  sort: 'added',
  direction: 'desc',
});

/** Titles read best A→Z; dates and sizes newest or largest first. */
export const defaultDirection = (sort: LibrarySort): 'asc' | 'desc' => (sort === 'title' ? 'asc' : 'desc');

/** The `library.search` input for one page of these filters: only what is set is sent. */
export function libraryQuery(filters: LibraryFilters, offset: number, limit: number): CommandInput<'library.search'> {
  const text = filters.text.trim();
  const site = filters.site.trim();
  const author = filters.author.trim().replace(/^@/, '');
  return {
    ...(text ? { query: text } : {}),
    ...(site ? { site } : {}),
    ...(filters.mediaType ? { mediaType: filters.mediaType } : {}),
    ...(author ? { author } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
    ...(filters.hasSubtitles === 'any' ? {} : { hasSubtitles: filters.hasSubtitles === 'yes' }),
    sort: filters.sort,
    direction: filters.direction,
    offset,
    limit,
  };
}

/** How many filters (beyond search and sort) narrow the results: shown on the Filters button. */
export function activeFilterCount(filters: LibraryFilters): number {
  return [filters.site.trim(), filters.mediaType, filters.author.trim(), filters.from, filters.to, filters.hasSubtitles === 'any' ? '' : 'set'].filter(Boolean).length;
}

/** A stable key of everything that changes the result set (not the page). */
export const queryKey = (filters: LibraryFilters): string => JSON.stringify(libraryQuery(filters, 0, 0));
