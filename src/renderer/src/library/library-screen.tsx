import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, LoadingState } from '../design/states';
import { ErrorNotice } from '../errors/error-notice';
import { formatNumber } from '../format/format';
import { useRouteParams } from '../shell/use-route';
import { DEFAULT_FILTERS, activeFilterCount } from './library-query';
import type { LibraryFilters } from './library-query';
import { LibraryItemView } from './library-item-view';
import { LibraryResults } from './library-results';
import { LibraryToolbar } from './library-toolbar';
import type { LibraryView } from './library-toolbar';
import { useLibraryResults } from './use-library-results';
import { SaidMoments } from './said/said-moments';
import { momentOf } from './said/moment-route';

const VIEW_KEY = 'trove.libraryView';
const readView = (): LibraryView => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid');

/** Suggestions for the site and author filters, from the first page of results (computed once it arrives). */
function useSuggestions(pages: ReturnType<typeof useLibraryResults>['pages']) {
  const firstPage = pages.total !== undefined;
  return useMemo(() => {
    // One entry per site whatever its case ("video" and "Video" are one platform; the filter finds both).
    const sites = new Map<string, string>();
    const authors = new Set<string>();
    for (let index = 0; index < Math.min(pages.total ?? 0, pages.pageSize); index += 1) {
      const item = pages.item(index);
      if (item?.site && !sites.has(item.site.toLowerCase())) sites.set(item.site.toLowerCase(), item.site);
      // The filter matches the display name as well as the handle: both are offered.
      if (item?.authorUsername) authors.add(item.authorUsername);
      if (item?.authorName) authors.add(item.authorName);
    }
    return { sites: [...sites.values()].sort(), authors: [...authors].sort() };
    // `firstPage` is a dependency only: the suggestions are read once the first page is in.
  }, [pages, firstPage]);
}

/** Everything downloaded: search as you type, filters, sort, a grid or a list, and each post's item view. */
export function LibraryScreen() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<LibraryFilters>(DEFAULT_FILTERS);
  const [view, setView] = useState<LibraryView>(readView);
  const { pages, version, refresh, pending } = useLibraryResults(filters);
  const suggestions = useSuggestions(pages);
  const [itemParam, itemAction, ...itemMore] = useRouteParams('library');
  const itemId = itemParam !== undefined && /^\d+$/.test(itemParam) ? Number(itemParam) : undefined;

  const onView = useCallback((next: LibraryView) => {
    setView(next);
    localStorage.setItem(VIEW_KEY, next);
  }, []);
  const onChange = useCallback((change: Partial<LibraryFilters>) => setFilters((current) => ({ ...current, ...change })), []);
  const closeItem = () => {
    window.location.hash = '#/library';
  };

  const total = pages.total;
  const searching = filters.text.trim() !== '' || activeFilterCount(filters) > 0;
  let body;
  if (pages.error && total === undefined) {
    body = <ErrorNotice error={pages.error} title={t('library.loadFailed')} onRetry={refresh} />;
  } else if (total === undefined) {
    body = <LoadingState label={t('library.loading')} />;
  } else if (total === 0 && !searching) {
    body = (
      <EmptyState title={t('library.empty')}>
        <p>
          {t('library.emptyHint')} <a href="#/grab">{t('library.goGrab')}</a>
        </p>
      </EmptyState>
    );
  } else if (total === 0) {
    body = (
      <EmptyState title={t('library.noMatches')} testId="library-no-matches">
        <button type="button" className="button button-small" onClick={() => setFilters(DEFAULT_FILTERS)}>
          {t('library.clearSearch')}
        </button>
      </EmptyState>
    );
  } else {
    body = <LibraryResults pages={pages} total={total} view={view} version={version} />;
  }

  return (
    <div className="library-screen">
      <div className="library-browse" hidden={itemId !== undefined}>
        <LibraryToolbar filters={filters} onChange={onChange} view={view} onView={onView} suggestions={suggestions} />
        <p className="small muted" aria-live="polite" data-testid="library-count" aria-busy={pending}>
          {total === undefined ? '\u00a0' : t('library.count', { count: total, value: formatNumber(total, i18n.language) })}
        </p>
        <SaidMoments text={filters.text} />
        {body}
      </div>
      {itemId !== undefined && (
        <LibraryItemView
          key={itemId}
          id={itemId}
          autoPlay={itemAction === 'play'}
          moment={momentOf(itemAction, itemMore)}
          onClose={closeItem}
          onRemoved={() => {
            refresh();
            closeItem();
          }}
        />
      )}
    </div>
  );
}
