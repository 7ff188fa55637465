import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayCaption } from '../../../shared/display-caption';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { ErrorNotice } from '../errors/error-notice';
import { offersRetry } from '../errors/offers-retry';
import { useSettings } from '../shell/settings-context';
import { AddedNotice } from './added-notice';
import { CopyConfirm } from './copy-confirm';
import { FailedLinksSummary } from './failed-links-summary';
import { initialChoices, listDownloadRequest } from './download-request';
import { LinkListRow } from './link-list-row';
import type { FailedEntry, ListEntry, PostEntry, RowState } from './link-list-row';

interface LinkListProps {
  /** The links of one paste, in their order (profiles and playlists keep their own cards). */
  entries: readonly ListEntry[];
  onRetry: (entry: ListEntry) => void;
  onPreviewAnyway: (entry: ListEntry) => void;
  onRemove: (key: string) => void;
}

/**
 * Several links pasted at once: one compact row per link, each with its own choices, and
 * one "Download all" that queues every included post in one call. A post already in the
 * library, or queued from here, is left out unless the user includes it, and then copied
 * only after asking.
 */
export function LinkList({ entries, onRetry, onPreviewAnyway, onRemove }: LinkListProps) {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const [rows, setRows] = useState<Readonly<Record<string, RowState>>>({});
  const [busy, setBusy] = useState(false);
  const [askingCopy, setAskingCopy] = useState(false);
  const [added, setAdded] = useState<{ count: number; at: number; leftOut: number } | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const posts = entries.filter((entry): entry is PostEntry => entry.kind === 'post');
  const rowOf = (entry: PostEntry): RowState =>
    rows[entry.key] ?? { choices: initialChoices(entry.post, settings), include: entry.libraryId === undefined, queued: false };
  const chosen = posts.filter((entry) => rowOf(entry).include);
  const copies = chosen.filter((entry) => entry.libraryId !== undefined || rowOf(entry).queued);
  const loading = entries.filter((entry) => entry.kind === 'loading').length;
  const failed = entries.filter((entry): entry is FailedEntry => entry.kind === 'error');

  const downloadAll = async () => {
    setAskingCopy(false);
    if (busy || chosen.length === 0) return;
    setBusy(true);
    setError(undefined);
    const picks = chosen.map((entry) => ({
      resolutionId: entry.resolutionId,
      post: entry.post,
      choices: rowOf(entry).choices,
      again: entry.libraryId !== undefined || rowOf(entry).queued,
    }));
    const result = await api['jobs.add'](listDownloadRequest(picks, settings));
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setRows((current) => {
      const next = { ...current };
      for (const entry of chosen) next[entry.key] = { ...rowOf(entry), include: false, queued: true };
      return next;
    });
    setAdded({ count: result.value.jobIds.length, at: Date.now(), leftOut: result.value.inLibrary?.length ?? 0 });
  };
  const onDownloadAll = () => {
    if (copies.length > 0) setAskingCopy(true);
    else void downloadAll();
  };

  return (
    <section className="card grab-card link-list" data-testid="link-list" aria-label={t('grabList.title', { count: entries.length })}>
      <header className="toolbar">
        <div className="stack link-list-summary">
          <h3>{t('grabList.title', { count: entries.length })}</h3>
          <span className="small muted" aria-live="polite">
            {t('grabList.chosen', { count: chosen.length, total: posts.length })}
            {loading > 0 && ` · ${t('grabList.loading', { count: loading })}`}
          </span>
        </div>
        {/* Not disabled while adding: a disabled button drops the keyboard focus to <body>. */}
        <button
          type="button"
          className="button button-primary"
          aria-disabled={busy}
          disabled={chosen.length === 0}
          onClick={onDownloadAll}
          data-testid="download-all"
        >
          {busy ? t('post.downloading') : t('grabList.downloadAll', { count: chosen.length })}
        </button>
      </header>
      {added !== undefined && (
        <div className="stack">
          <AddedNotice count={added.count} focusKey={added.at} />
          {added.leftOut > 0 && <p className="small muted">{t('grabList.leftOut', { count: added.leftOut })}</p>}
        </div>
      )}
      {error && <ErrorNotice error={error} onRetry={() => void downloadAll()} />}
      {failed.length > 1 && (
        <FailedLinksSummary
          failed={failed}
          onRetryAll={() => failed.filter((entry) => offersRetry(entry.error)).forEach(onRetry)}
          onRemoveAll={() => failed.forEach((entry) => onRemove(entry.key))}
        />
      )}
      <ul className="link-rows">
        {entries.map((entry) => (
          <LinkListRow
            key={entry.key}
            entry={entry}
            {...(entry.kind === 'post' ? { row: rowOf(entry) } : {})}
            onRow={(row) => setRows((current) => ({ ...current, [entry.key]: row }))}
            onRetry={() => onRetry(entry)}
            onPreviewAnyway={() => onPreviewAnyway(entry)}
            onRemove={() => onRemove(entry.key)}
          />
        ))}
      </ul>
      <CopyConfirm
        open={askingCopy}
        captions={copies.map((entry) => displayCaption(entry.post))}
        onCancel={() => setAskingCopy(false)}
        onConfirm={() => void downloadAll()}
      />
    </section>
  );
}
