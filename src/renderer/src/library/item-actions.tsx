import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import type { LibraryDetail } from '../../../shared/library';
import { useClient } from '../api/client-context';
import { ConfirmDialog } from '../design/confirm-dialog';
import { Icon } from '../design/icon';
import { ErrorNotice } from '../errors/error-notice';
import { CopyConfirm } from '../grab/copy-confirm';
import { routeHash } from '../shell/use-route';

interface ItemActionsProps {
  detail: LibraryDetail;
  onRemoved: () => void;
}

/** Download again, fetch subtitles only, and delete (the record, or the record and its files) after asking. */
export function ItemActions({ detail, onRemoved }: ItemActionsProps) {
  const { t } = useTranslation();
  const { api } = useClient();
  const [confirming, setConfirming] = useState(false);
  const [askingCopy, setAskingCopy] = useState(false);
  const [queued, setQueued] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const hasVideo = detail.mediaTypes.includes('video');

  const downloadAgain = async () => {
    setAskingCopy(false);
    if (!detail.postUrl) return;
    const answer = await api['jobs.add']({ source: { kind: 'link', url: detail.postUrl, force: true }, options: {} });
    setError(answer.ok ? undefined : answer.error);
    setQueued(answer.ok);
  };

  const remove = async (deleteFiles: boolean) => {
    setConfirming(false);
    const answer = await api['library.remove']({ id: detail.id, deleteFiles });
    if (answer.ok) onRemoved();
    else setError(answer.error);
  };

  return (
    <div className="stack">
      <div className="row wrap item-actions">
        <button type="button" className="button" disabled={!detail.postUrl} title={t('item.downloadAgainHint')} onClick={() => setAskingCopy(true)}>
          <Icon name="download" /> {t('item.downloadAgain')}
        </button>
        {hasVideo && detail.postUrl && (
          <a className="button" href={routeHash('subtitles', 'post', detail.id)} data-testid="fetch-subtitles">
            <Icon name="captions" /> {t('item.fetchSubtitles')}
          </a>
        )}
        <button type="button" className="button button-danger" onClick={() => setConfirming(true)}>
          <Icon name="trash" /> {t('item.delete')}
        </button>
      </div>
      {queued && (
        <p className="small added-notice" role="status">
          {t('item.queued')} <a href="#/queue">{t('grab.openQueue')}</a>
        </p>
      )}
      {error && <ErrorNotice error={error} title={t('item.actionFailed')} />}
      {/* The post is here already: a copy ("… (1)") only after asking, as on Grab. */}
      <CopyConfirm
        open={askingCopy}
        captions={[detail.caption]}
        charged
        onCancel={() => setAskingCopy(false)}
        onConfirm={() => void downloadAgain()}
      />
      <ConfirmDialog
        open={confirming}
        title={t('item.deleteTitle')}
        cancelLabel={t('common.cancel')}
        onCancel={() => setConfirming(false)}
        choices={[
          { label: t('item.deleteRecord'), onChoose: () => void remove(false) },
          { label: t('item.deleteWithFiles'), tone: 'danger', onChoose: () => void remove(true) },
        ]}
      >
        <p>{t('item.deleteQuestion', { caption: detail.caption || t('post.untitled') })}</p>
        <p className="small muted">{t('item.deleteExplain')}</p>
      </ConfirmDialog>
    </div>
  );
}
