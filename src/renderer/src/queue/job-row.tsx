import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../shared/jobs';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { Icon } from '../design/icon';
import type { IconName } from '../design/icon';
import { ProgressBar } from '../design/progress-bar';
import { Thumb } from '../design/thumb';
import { errorWordsKey } from '../errors/error-words';
import { formatBytes, formatDuration, formatSpeed } from '../format/format';
import { downloaded, progressFraction } from './job-progress';
import { jobActions } from './queue-filter';

export type JobAction = 'pause' | 'resume' | 'cancel' | 'retry' | 'up' | 'down';

interface JobRowProps {
  job: JobView;
  /** Whether the job can move up / down in the queue. */
  canMoveUp: boolean;
  canMoveDown: boolean;
  onAction: (job: JobView, action: JobAction) => void;
}

const STATE_TONE: Record<JobView['state'], string> = {
  queued: '',
  extracting: 'badge-accent',
  downloading: 'badge-accent',
  processing: 'badge-accent',
  done: 'badge-success',
  failed: 'badge-danger',
  paused: 'badge-warning',
  canceled: '',
};

function JobRowView({ job, canMoveUp, canMoveDown, onAction }: JobRowProps) {
  const { t, i18n } = useTranslation();
  const client = useClient();
  const locale = i18n.language;
  const { progress } = job;
  const actions = jobActions(job.state);
  const fraction = progressFraction(job);
  const failure =
    job.error && job.state === 'failed' ? { ...job.error, words: t(errorWordsKey(job.error.code)) } : undefined;
  const stateLabel = job.state === 'paused' && job.pauseReason ? t(`queue.pausedFor.${job.pauseReason}`) : t(`state.${job.state}`);

  const details: string[] = [];
  if (downloaded(job.state) && progress.total !== undefined) {
    details.push(formatBytes(progress.total, locale));
  } else if (progress.total !== undefined) {
    details.push(t('queue.sizeOf', { done: formatBytes(progress.bytes, locale), total: formatBytes(progress.total, locale) }));
  } else if (progress.bytes > 0) {
    details.push(formatBytes(progress.bytes, locale));
  }
  if (job.state === 'downloading' && progress.speed > 0) details.push(t('queue.speed', { speed: formatSpeed(progress.speed, locale) }));
  if (job.state === 'downloading' && progress.etaSeconds !== undefined) details.push(t('queue.eta', { time: formatDuration(progress.etaSeconds) }));
  if (job.kind === 'playlist' && job.itemsQueued !== undefined) details.push(t('queue.items', { count: job.itemsQueued }));
  if (job.attempts > 1) details.push(t('queue.attempts', { count: job.attempts }));

  const button = (action: JobAction, icon: IconName, enabled: boolean) => (
    <button
      type="button"
      className="button button-icon button-small"
      aria-label={t(`queue.actions.${action}`)}
      title={t(`queue.actions.${action}`)}
      disabled={!enabled}
      onClick={() => onAction(job, action)}
    >
      <Icon name={icon} />
    </button>
  );

  return (
    <div className="job-row" data-testid="job-row" data-state={job.state} data-job-id={job.id}>
      <Thumb src={imageSource(client, job.thumbnail)} width={96} height={54} />
      <div className="job-main">
        <div className="row">
          <span className="job-title truncate" title={job.title}>
            {job.title || job.url}
          </span>
          <span className={`badge ${STATE_TONE[job.state]}`} data-testid="job-state">
            {stateLabel}
          </span>
        </div>
        <ProgressBar value={fraction} label={t('queue.progress', { title: job.title })} tone={job.state === 'done' ? 'done' : job.state === 'failed' ? 'failed' : 'default'} />
        <div className="row small muted job-details">
          {job.site && <span>{job.site}</span>}
          {details.map((detail) => (
            <span key={detail}>{detail}</span>
          ))}
        </div>
        {failure && (
          // One line in a fixed-height row: the whole text is in the tooltip too.
          <div className="small job-error" role="note" title={`${failure.words} ${failure.message}`}>
            <span className="mono">{failure.code}</span> {failure.words} <span className="muted">{failure.message}</span>
          </div>
        )}
      </div>
      <div className="job-actions" role="group" aria-label={t('queue.actions.label', { title: job.title })}>
        {actions.resume ? button('resume', 'play', true) : button('pause', 'pause', actions.pause)}
        {actions.retry ? button('retry', 'retry', true) : button('cancel', 'close', actions.cancel)}
        {button('up', 'up', canMoveUp)}
        {button('down', 'down', canMoveDown)}
      </div>
    </div>
  );
}

/** Rows re-render only when their job object changes (the store replaces it on each update). */
export const JobRow = memo(JobRowView);
