import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../shared/jobs';
import { imageSource } from '../api/client';
import { useClient } from '../api/client-context';
import { ProgressBar } from '../design/progress-bar';
import { Thumb } from '../design/thumb';
import { errorWordsKey } from '../errors/error-words';
import { formatBytes, formatDuration, formatSpeed } from '../format/format';
import { downloaded, progressFraction } from './job-progress';
import { problemWords } from './job-problems';
import { JobRowActions } from './job-row-actions';
import type { JobAction } from './job-row-actions';

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
  const fraction = progressFraction(job);
  const failure =
    job.error && job.state === 'failed' ? { ...job.error, words: t(errorWordsKey(job.error.code)) } : undefined;
  // Queued again after a passing failure: it says so, why, and when the next attempt is.
  const retrying = job.state === 'queued' && job.nextAttemptAt !== undefined && job.error ? { ...job.error, at: job.nextAttemptAt } : undefined;
  // Done, but an extra asked for (the subtitles, the file's details) could not be had: said, never silent.
  const problems = job.state === 'done' && job.problems?.length ? problemWords(t, job.problems) : undefined;
  const stateLabel = retrying
    ? t('queue.retrying')
    : job.state === 'paused' && job.pauseReason
      ? t(`queue.pausedFor.${job.pauseReason}`)
      : problems
        ? t('queue.doneWithProblems', { count: job.problems?.length ?? 0 })
        : t(`state.${job.state}`);

  const details: string[] = [];
  if (downloaded(job.state) && progress.total !== undefined) {
    details.push(formatBytes(progress.total, locale));
  } else if (progress.total !== undefined && progress.bytes > 0) {
    details.push(t('queue.sizeOf', { done: formatBytes(progress.bytes, locale), total: formatBytes(progress.total, locale) }));
  } else if (progress.total !== undefined && progress.total > 0) {
    // Nothing in yet ("Queued 0 B" said nothing): the size to expect.
    details.push(formatBytes(progress.total, locale));
  } else if (progress.bytes > 0) {
    details.push(formatBytes(progress.bytes, locale));
  }
  if (job.state === 'downloading' && progress.speed > 0) details.push(t('queue.speed', { speed: formatSpeed(progress.speed, locale) }));
  if (job.state === 'downloading' && progress.etaSeconds !== undefined) details.push(t('queue.eta', { time: formatDuration(progress.etaSeconds) }));
  if (job.kind === 'playlist' && job.itemsQueued !== undefined) details.push(t('queue.items', { count: job.itemsQueued }));
  if (job.attempts > 1) details.push(t('queue.attempts', { count: job.attempts }));

  return (
    <div className="job-row" data-testid="job-row" data-state={job.state} data-job-id={job.id}>
      {job.kind === 'playlist' ? (
        // A profile's own row: its avatar, round, as on its Grab card.
        <Thumb src={imageSource(client, job.thumbnail)} width={54} height={54} className="avatar job-avatar" />
      ) : (
        <Thumb src={imageSource(client, job.thumbnail)} width={96} height={54} />
      )}
      <div className="job-main">
        <div className="row">
          <span className="job-title truncate" title={job.title}>
            {job.title || job.url}
          </span>
          <span className={`badge ${problems ? 'badge-warning' : STATE_TONE[job.state]}`} data-testid="job-state">
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
        {retrying && (
          <div className="small job-error" role="note" data-testid="job-retrying" title={retrying.message}>
            {t('queue.nextAttempt', { time: new Date(retrying.at).toLocaleTimeString(locale), reason: t(errorWordsKey(retrying.code)) })}
          </div>
        )}
        {problems && (
          <div className="small job-problem" role="note" data-testid="job-problems" title={problems.details}>
            {problems.text}
          </div>
        )}
        {failure && (
          // One line in a fixed-height row: the whole text is in the tooltip too.
          <div className="small job-error" role="note" title={`${failure.words} ${failure.message}`}>
            <span className="mono">{failure.code}</span> {failure.words} <span className="muted">{failure.message}</span>
          </div>
        )}
      </div>
      <JobRowActions job={job} canMoveUp={canMoveUp} canMoveDown={canMoveDown} onAction={onAction} />
    </div>
  );
}

/** Rows re-render only when their job object changes (the store replaces it on each update). */
export const JobRow = memo(JobRowView);
