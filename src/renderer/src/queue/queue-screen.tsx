import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import type { JobView } from '../../../shared/jobs';
import { useClient } from '../api/client-context';
import { EmptyState } from '../design/states';
import { ErrorNotice } from '../errors/error-notice';
import { firstRunningIndex } from './first-running-index';
import { JobGroupHeader } from './job-group-header';
import { JobRow } from './job-row';
import type { JobAction } from './job-row-actions';
import { QueueRunnerNotice } from './queue-runner-notice';
import { QueueSummaryBar } from './queue-summary-bar';
import { useDragToReorder } from './use-drag-to-reorder';
import { useFoldedGroups } from './use-folded-groups';
import { useJobs, useJobsListed } from './jobs-context';
import { QUEUE_FILTERS, countByFilter, matchesFilter } from './queue-filter';
import { queueEntries } from './queue-groups';
import type { QueueFilter } from './queue-filter';

const ROW_HEIGHT = 92;
/** The line under a profile's or playlist's row: its posts' progress and the fold button. */
const GROUP_BAR_HEIGHT = 44;
const FINISHED = new Set<JobView['state']>(['done', 'canceled', 'failed']);

/** Every job, filterable by state; a virtualized list, so hundreds of jobs stay smooth. */
export function QueueScreen() {
  const { api } = useClient();
  const { t } = useTranslation();
  const jobs = useJobs();
  const [filter, setFilter] = useState<QueueFilter>('all');
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const [collapsed, toggleGroup] = useFoldedGroups(jobs, useJobsListed());
  const entries = useMemo(() => queueEntries(jobs, (job) => matchesFilter(job, filter), collapsed), [jobs, filter, collapsed]);
  const counts = useMemo(() => countByFilter(jobs), [jobs]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (entries[index]?.kind === 'group' ? ROW_HEIGHT + GROUP_BAR_HEIGHT : ROW_HEIGHT),
    overscan: 8,
    getItemKey: (index) => entries[index]?.job.id ?? index,
  });

  // Row callbacks read the latest order through a ref, so rows stay memoized between updates.
  const order = useRef(jobs);
  useEffect(() => {
    order.current = jobs;
  }, [jobs]);

  const run = useCallback(async (call: Promise<{ ok: true } | { ok: false; error: ErrorInfo }>) => {
    const result = await call;
    setError(result.ok ? undefined : result.error);
  }, []);

  const onAction = useCallback(
    (job: JobView, action: JobAction) => {
      const ids = { ids: [job.id] };
      if (action === 'pause') void run(api['jobs.pause'](ids));
      else if (action === 'resume') void run(api['jobs.resume'](ids));
      else if (action === 'cancel') void run(api['jobs.cancel'](ids));
      else if (action === 'retry') void run(api['jobs.retry'](ids));
      else if (action === 'open' || action === 'showInFolder') {
        const path = job.files[0];
        if (job.libraryPostId !== undefined && path !== undefined) {
          void run(api[action === 'open' ? 'app.openPath' : 'app.showInFolder']({ postId: job.libraryPostId, path }));
        }
      } else {
        // Positions are queue-wide: move within the whole queue, whatever the filter shows.
        const index = order.current.findIndex((candidate) => candidate.id === job.id);
        const last = order.current.length - 1;
        const toIndex = action === 'top' ? 0 : action === 'bottom' ? last : Math.max(0, index + (action === 'up' ? -1 : 1));
        void run(api['jobs.move']({ id: job.id, toIndex }));
      }
    },
    [api, run],
  );

  const drag = useDragToReorder((id, toIndex) => void run(api['jobs.move']({ id, toIndex })));

  // "Active" opens on what is running now, not on the waiting jobs above it; only when the
  // filter changes, so later updates never pull the list from under the user.
  const shownFilter = useRef(filter);
  useEffect(() => {
    if (shownFilter.current === filter) return;
    shownFilter.current = filter;
    const index = filter === 'active' ? firstRunningIndex(entries.map((entry) => entry.job)) : -1;
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [filter, entries, virtualizer]);

  const pending = counts.active;
  return (
    <div className="queue-screen">
      <div className="toolbar">
        <div className="row wrap" role="group" aria-label={t('queue.filters')}>
          {QUEUE_FILTERS.map((name) => (
            <button
              key={name}
              type="button"
              className={`button button-small filter-button${filter === name ? ' is-current' : ''}`}
              aria-pressed={filter === name}
              onClick={() => setFilter(name)}
            >
              {t(`queue.filter.${name}`)} <span className="filter-count">{counts[name]}</span>
            </button>
          ))}
        </div>
        <div className="row wrap">
          <button type="button" className="button button-small" disabled={pending === 0} onClick={() => void run(api['jobs.pause']({}))}>
            {t('queue.pauseAll')}
          </button>
          <button type="button" className="button button-small" disabled={counts.paused === 0} onClick={() => void run(api['jobs.resume']({}))}>
            {t('queue.resumeAll')}
          </button>
          <button
            type="button"
            className="button button-small"
            disabled={!jobs.some((job) => FINISHED.has(job.state) && job.state !== 'failed')}
            onClick={() => void run(api['jobs.clear']({ states: ['done', 'canceled'] }))}
          >
            {t('queue.clearFinished')}
          </button>
          {/* Failed jobs stay for a retry, but one that will never succeed must be removable too. */}
          <button type="button" className="button button-small" disabled={counts.failed === 0} onClick={() => void run(api['jobs.clear']({ states: ['failed'] }))}>
            {t('queue.clearFailed')}
          </button>
        </div>
      </div>
      <QueueSummaryBar jobs={jobs} />
      <QueueRunnerNotice />
      {error && <ErrorNotice error={error} title={t('queue.actionFailed')} />}
      {entries.length === 0 ? (
        <EmptyState title={jobs.length === 0 ? t('queue.empty') : t('queue.emptyFilter')} />
      ) : (
        <div className="queue-scroll" ref={scrollRef} role="list" aria-label={t('queue.list')}>
          <div className="queue-inner" style={{ height: virtualizer.getTotalSize() }}>
            {virtualizer.getVirtualItems().map((item) => {
              const entry = entries[item.index];
              if (!entry) return null;
              const { job } = entry;
              const fullIndex = jobs.indexOf(job);
              const movable = !FINISHED.has(job.state);
              const canMoveUp = fullIndex > 0 && movable;
              const canMoveDown = fullIndex < jobs.length - 1 && movable;
              return (
                <div
                  key={item.key}
                  className={entry.kind === 'job' && entry.child ? 'queue-item is-child' : 'queue-item'}
                  role="listitem"
                  {...(movable ? drag.source(job.id) : {})}
                  {...drag.target(fullIndex)}
                  aria-setsize={entries.length}
                  aria-posinset={item.index + 1}
                  style={{ transform: `translateY(${item.start}px)`, height: item.size }}
                >
                  {entry.kind === 'group' ? (
                    <JobGroupHeader
                      job={job}
                      progress={entry.progress}
                      collapsed={entry.collapsed}
                      canMoveUp={canMoveUp}
                      canMoveDown={canMoveDown}
                      onAction={onAction}
                      onToggle={toggleGroup}
                    />
                  ) : (
                    <JobRow job={job} canMoveUp={canMoveUp} canMoveDown={canMoveDown} onAction={onAction} />
                  )}
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}
