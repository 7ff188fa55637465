import { memo, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '../../../shared/post';
import { Icon } from '../design/icon';
import { DEFAULT_FILTERS, LIBRARY_SORTS, activeFilterCount, defaultDirection } from './library-query';
import type { LibraryFilters, LibrarySort } from './library-query';

export type LibraryView = 'grid' | 'list';

interface LibraryToolbarProps {
  filters: LibraryFilters;
  onChange: (change: Partial<LibraryFilters>) => void;
  view: LibraryView;
  onView: (view: LibraryView) => void;
  /** Sites and authors seen in the results so far: suggestions for the filter fields. */
  suggestions: { sites: readonly string[]; authors: readonly string[] };
}

/** Search as you type, sort, grid or list, and the filters behind a disclosure button. */
function LibraryToolbarView({ filters, onChange, view, onView, suggestions }: LibraryToolbarProps) {
  const { t } = useTranslation();
  const id = useId();
  const [showFilters, setShowFilters] = useState(false);
  const count = activeFilterCount(filters);
  return (
    <div className="library-toolbar stack">
      <div className="row wrap library-toolbar-row">
        <div className="search-field grow">
          <Icon name="search" />
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            aria-label={t('library.search')}
            placeholder={t('library.searchPlaceholder')}
            value={filters.text}
            onChange={(event) => onChange({ text: event.target.value })}
          />
        </div>
        <button
          type="button"
          className={`button${count > 0 ? ' is-current' : ''}`}
          aria-expanded={showFilters}
          aria-controls={`${id}-filters`}
          onClick={() => setShowFilters((shown) => !shown)}
        >
          {count > 0 ? t('library.filtersActive', { count }) : t('library.filters')}
        </button>
        <label className="row small" htmlFor={`${id}-sort`}>
          {t('library.sortBy')}
          <select
            id={`${id}-sort`}
            className="input select"
            value={filters.sort}
            onChange={(event) => {
              const sort = event.target.value as LibrarySort;
              onChange({ sort, direction: defaultDirection(sort) });
            }}
          >
            {LIBRARY_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`library.sort.${sort}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-icon"
          aria-label={filters.direction === 'asc' ? t('library.ascending') : t('library.descending')}
          title={filters.direction === 'asc' ? t('library.ascending') : t('library.descending')}
          onClick={() => onChange({ direction: filters.direction === 'asc' ? 'desc' : 'asc' })}
        >
          <Icon name={filters.direction === 'asc' ? 'up' : 'down'} />
        </button>
        <div className="row view-switch" role="group" aria-label={t('library.view')}>
          {(['grid', 'list'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className={`button button-icon${view === name ? ' is-current' : ''}`}
              aria-pressed={view === name}
              aria-label={t(`library.views.${name}`)}
              title={t(`library.views.${name}`)}
              onClick={() => onView(name)}
            >
              <Icon name={name} />
            </button>
          ))}
        </div>
      </div>

      <fieldset id={`${id}-filters`} className="card library-filters" hidden={!showFilters}>
        <legend className="visually-hidden">{t('library.filters')}</legend>
        <div className="field">
          <label htmlFor={`${id}-site`}>{t('library.filter.site')}</label>
          <input id={`${id}-site`} className="input" list={`${id}-sites`} value={filters.site} onChange={(event) => onChange({ site: event.target.value })} />
          <datalist id={`${id}-sites`}>
            {suggestions.sites.map((site) => (
              <option key={site} value={site} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('library.filter.mediaType')}</label>
          <select id={`${id}-type`} className="input select" value={filters.mediaType} onChange={(event) => onChange({ mediaType: event.target.value as LibraryFilters['mediaType'] })}>
            <option value="">{t('library.filter.any')}</option>
            {MEDIA_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`mediaType.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-author`}>{t('library.filter.author')}</label>
          <input id={`${id}-author`} className="input" list={`${id}-authors`} value={filters.author} onChange={(event) => onChange({ author: event.target.value })} />
          <datalist id={`${id}-authors`}>
            {suggestions.authors.map((author) => (
              <option key={author} value={author} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('library.filter.from')}</label>
          <input id={`${id}-from`} className="input" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => onChange({ from: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('library.filter.to')}</label>
          <input id={`${id}-to`} className="input" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-subs`}>{t('library.filter.subtitles')}</label>
          <select id={`${id}-subs`} className="input select" value={filters.hasSubtitles} onChange={(event) => onChange({ hasSubtitles: event.target.value as LibraryFilters['hasSubtitles'] })}>
            <option value="any">{t('library.filter.any')}</option>
            <option value="yes">{t('library.filter.withSubtitles')}</option>
            <option value="no">{t('library.filter.withoutSubtitles')}</option>
          </select>
        </div>
        <div className="library-filters-actions">
          <button
            type="button"
            className="button button-small"
            disabled={count === 0}
            onClick={() => onChange({ site: '', mediaType: '', author: '', from: '', to: '', hasSubtitles: DEFAULT_FILTERS.hasSubtitles })}
          >
            {t('library.clearFilters')}
          </button>
        </div>
      </fieldset>
    </div>
  );
}

/** Re-rendered only when its own props change, not each time a page of results arrives. */
export const LibraryToolbar = memo(LibraryToolbarView);
