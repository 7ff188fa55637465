import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWidth } from '../design/use-width';
import { ErrorNotice } from '../errors/error-notice';
import type { LibraryPages } from './library-pages';
import { LibraryTile } from './library-tile';
import type { LibraryView } from './library-toolbar';

const GRID_MIN_TILE = 220;
const GRID_GAP = 12;
const GRID_ROW_HEIGHT = 236;
const LIST_ROW_HEIGHT = 72;

interface LibraryResultsProps {
  pages: LibraryPages;
  total: number;
  view: LibraryView;
  /** Changes whenever a page arrives. */
  version: number;
}

/**
 * The results as a virtualized grid (rows of tiles) or list: only what is on screen is in
 * the DOM, and only the pages it shows are fetched, so 100,000 posts scroll like 100.
 */
function LibraryResultsView({ pages, total, view }: LibraryResultsProps) {
  const { t, i18n } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useWidth(scrollRef);
  const columns = view === 'grid' ? Math.max(1, Math.floor((width - 2 * GRID_GAP + GRID_GAP) / (GRID_MIN_TILE + GRID_GAP))) : 1;
  const rows = Math.ceil(total / columns);
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => (view === 'grid' ? GRID_ROW_HEIGHT : LIST_ROW_HEIGHT),
    // A row beyond each edge (the list's rows are short: four) covers a smooth scroll's next
    // frame; every extra row is rendered anew on each frame of a fast scroll (benchmark 9).
    overscan: view === 'grid' ? 1 : 4,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, view, columns]);

  const visible = virtualizer.getVirtualItems();
  const firstRow = visible[0]?.index ?? 0;
  const lastRow = visible.at(-1)?.index ?? 0;
  useEffect(() => {
    pages.want(firstRow * columns, (lastRow + 1) * columns - 1);
  }, [pages, firstRow, lastRow, columns]);

  return (
    <>
      {/* A later page that failed keeps its placeholders: say why, and offer to ask again. */}
      {pages.error && <ErrorNotice error={pages.error} title={t('library.loadFailed')} onRetry={() => pages.retry()} />}
      <div className={`library-scroll library-scroll-${view}`} ref={scrollRef} data-testid="library-scroll">
        <div className="library-inner" role="list" aria-label={t('library.results')} style={{ height: virtualizer.getTotalSize() }}>
          {visible.map((row) => (
            <div
              key={row.key}
              className={view === 'grid' ? 'library-row' : 'library-list-row'}
              style={{
                transform: `translateY(${row.start}px)`,
                height: view === 'grid' ? GRID_ROW_HEIGHT : LIST_ROW_HEIGHT,
                ...(view === 'grid' ? { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` } : {}),
              }}
            >
              {Array.from({ length: columns }, (_unused, column) => {
                const index = row.index * columns + column;
                if (index >= total) return null;
                return (
                  <div key={index} role="listitem" aria-setsize={total} aria-posinset={index + 1} className="library-cell">
                    <LibraryTile item={pages.item(index)} layout={view} index={index} t={t} language={i18n.language} />
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
    </>
  );
}

/** Memoised: a key typed in the search box re-renders the screen, not the results it has not changed yet. */
export const LibraryResults = memo(LibraryResultsView);
