import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import type { LibraryItem } from '../../../shared/library';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { Thumb } from '../design/thumb';
import { ErrorNotice } from '../errors/error-notice';
import { AddedNotice } from './added-notice';
import { CopyConfirm } from './copy-confirm';
import { InLibraryActions } from './in-library-actions';

interface DuplicateCardProps {
  item: LibraryItem;
  /** The link as pasted, which a copy is extracted from again. */
  url: string;
  onPreviewAnyway: () => void;
  onRemove: () => void;
}

/**
 * A link already in the library: said before anything is charged, with the post's Open /
 * Play / Show in library, and a copy or a new preview only on purpose.
 */
export function DuplicateCard({ item, url, onPreviewAnyway, onRemove }: DuplicateCardProps) {
  const { t } = useTranslation();
  const client = useClient();
  const [askingCopy, setAskingCopy] = useState(false);
  const [added, setAdded] = useState<{ count: number; at: number } | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const caption = item.caption || t('post.untitled');

  const downloadCopy = async () => {
    setAskingCopy(false);
    const answer = await client.api['jobs.add']({ source: { kind: 'link', url, force: true }, options: {} });
    setError(answer.ok ? undefined : answer.error);
    if (answer.ok) setAdded({ count: answer.value.jobIds.length, at: Date.now() });
  };

  return (
    <article className="card grab-card" data-testid="duplicate-card" aria-label={caption}>
      <div className="post-layout">
        <Thumb src={imageSource(client, item.thumbnailPath)} width={160} height={90} />
        <div className="stack grow">
          <div className="row">
            <h3 className="grow post-caption">{caption}</h3>
            <button type="button" className="button button-small" onClick={onRemove}>
              {t('grab.remove')}
            </button>
          </div>
          <p className="small muted">{[item.authorName, item.site].filter(Boolean).join(' · ')}</p>
          <InLibraryActions libraryId={item.id} />
          <p className="small">{t('duplicate.nothingCharged')}</p>
          <div className="row wrap">
            <button type="button" className="button button-small" onClick={() => setAskingCopy(true)} data-testid="download-copy">
              {t('grabList.downloadCopy')}
            </button>
            <button type="button" className="button button-small" onClick={onPreviewAnyway}>
              {t('duplicate.previewAnyway')}
            </button>
          </div>
          {added !== undefined && <AddedNotice count={added.count} focusKey={added.at} />}
          {error && <ErrorNotice error={error} onRetry={() => void downloadCopy()} />}
        </div>
      </div>
      <CopyConfirm open={askingCopy} captions={[caption]} charged onCancel={() => setAskingCopy(false)} onConfirm={() => void downloadCopy()} />
    </article>
  );
}
