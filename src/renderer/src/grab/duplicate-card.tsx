import { useTranslation } from 'react-i18next';
import type { LibraryItem } from '../../../shared/library';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { Thumb } from '../design/thumb';
import { formatDate } from '../format/format';

interface DuplicateCardProps {
  item: LibraryItem;
  onPreviewAnyway: () => void;
  onRemove: () => void;
}

/** A link already in the library: said before anything is charged, with the choice to go on anyway. */
export function DuplicateCard({ item, onPreviewAnyway, onRemove }: DuplicateCardProps) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  return (
    <article className="card grab-card" data-testid="duplicate-card" aria-label={t('duplicate.title')}>
      <div className="post-layout">
        <Thumb src={imageSource(client, item.thumbnailPath)} width={160} height={90} />
        <div className="stack grow">
          <div className="row">
            <span className="badge badge-success">{t('duplicate.title')}</span>
            <span className="grow" />
            <button type="button" className="button button-small" onClick={onRemove}>
              {t('grab.remove')}
            </button>
          </div>
          <h3>{item.caption || t('post.untitled')}</h3>
          <p className="small muted">
            {[item.authorName, item.site, t('duplicate.added', { date: formatDate(item.addedAt, i18n.language) })].filter(Boolean).join(' · ')}
          </p>
          <p className="small">{t('duplicate.nothingCharged')}</p>
          <div>
            <button type="button" className="button button-small" onClick={onPreviewAnyway}>
              {t('duplicate.previewAnyway')}
            </button>
          </div>
        </div>
      </div>
    </article>
  );
}
