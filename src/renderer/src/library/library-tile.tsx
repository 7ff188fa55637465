import type { TFunction } from 'i18next';
import { memo } from 'react';
import type { LibraryItem } from '../../../shared/library';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { Thumb } from '../design/thumb';
import { formatBytes, formatDate } from '../format/format';
import { routeHash } from '../shell/use-route';

interface TileProps {
  item: LibraryItem | undefined;
  layout: 'grid' | 'list';
  index: number;
  /**
   * The list's translator and language, passed down: useTranslation in every tile made each
   * one subscribe to i18next and build its own translator when it mounted, a screenful of
   * tiles per frame while scrolling (benchmark 9).
   */
  t: TFunction;
  language: string;
}

/** A post in the grid or the list: a link to its item view. Without an item (page still loading), a placeholder. */
function LibraryTileView({ item, layout, index, t, language }: TileProps) {
  const client = useClient();
  if (!item) return <div className={`library-${layout}-item is-loading`} aria-busy="true" data-index={index} />;
  const caption = item.caption || t('post.untitled');
  const facts = [item.authorName ?? item.authorUsername, item.site].filter(Boolean).join(' · ');
  const date = item.createdAt ? formatDate(item.createdAt, language) : undefined;
  const badges = (
    <span className="row library-badges">
      {item.mediaTypes.map((type) => (
        <span key={type} className="badge">
          {t(`mediaType.${type}`)}
        </span>
      ))}
      {item.hasSubtitles && <span className="badge badge-accent">{t('library.hasSubtitles')}</span>}
    </span>
  );
  const thumb = <Thumb src={imageSource(client, item.thumbnailPath)} width={layout === 'grid' ? 240 : 96} height={layout === 'grid' ? 135 : 54} />;
  return (
    <a className={`library-${layout}-item`} href={routeHash('library', item.id)} data-testid="library-item" data-id={item.id} data-index={index}>
      {thumb}
      <span className="library-item-text">
        <span className="library-caption" title={caption}>
          {caption}
        </span>
        {/* a long author name is cut, the date never is */}
        <span className="library-facts small muted">
          <span className="truncate" title={facts}>
            {facts}
          </span>
          {date && <span className="library-date">{facts ? ` · ${date}` : date}</span>}
        </span>
        {layout === 'list' ? (
          <span className="row small muted">
            {badges}
            <span>{formatBytes(item.totalSize, language)}</span>
          </span>
        ) : (
          badges
        )}
      </span>
    </a>
  );
}

export const LibraryTile = memo(LibraryTileView);
