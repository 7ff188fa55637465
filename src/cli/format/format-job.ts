import type { JobProgress, JobView } from '../../shared/jobs';
import { formatBytes, formatDuration, formatSpeed, percentOf } from '../format-units';
import { doneWithProblems } from './format-problems';

export const jobTitle = (job: Pick<JobView, 'title' | 'url'>): string => (job.title.trim() === '' ? job.url : job.title);

/** "45% 1.2 MiB/2.6 MiB 3.4 MiB/s ETA 0:01", leaving out what is not known yet. */
export function progressText(progress: JobProgress): string {
  const percent = percentOf(progress.bytes, progress.total);
  const size = progress.total === undefined ? formatBytes(progress.bytes) : `${formatBytes(progress.bytes)}/${formatBytes(progress.total)}`;
  return [
    ...(percent !== undefined ? [`${percent}%`] : []),
    size,
    ...(progress.speed > 0 ? [formatSpeed(progress.speed), `ETA ${formatDuration(progress.etaSeconds)}`] : []),
  ].join(' ');
}

function stateDetail(job: JobView): string {
  if (job.state === 'downloading') return ` ${progressText(job.progress)}`;
  if (job.state === 'failed' && job.error) return ` [${job.error.code}] ${job.error.message}`;
  // Back in the queue after a retryable failure, until the engine's next try (which can be minutes away).
  if (job.state === 'queued' && job.attempts > 0) return ` to retry after a temporary failure (try ${job.attempts + 1})`;
  if (job.kind === 'playlist' && job.itemsQueued !== undefined && job.state !== 'queued') return ` ${job.itemsQueued} posts queued`;
  return '';
}

/** One line about a job's state, as the non-TTY output and `queue list` print it. */
export function jobLine(job: JobView): string {
  const state = job.state === 'paused' && job.pauseReason !== undefined ? `paused (${job.pauseReason})` : job.state === 'done' ? doneWithProblems(job) : job.state;
  const detail = stateDetail(job);
  const files = job.state === 'done' && job.files.length > 0 ? ` → ${job.files.join(', ')}` : '';
  return `#${job.id} ${state}${detail}  ${jobTitle(job)}${files}`;
}

const decile = (job: JobView): number => Math.floor((percentOf(job.progress.bytes, job.progress.total) ?? 0) / 10);

/**
 * Whether an update deserves a line of its own without a terminal: every change of
 * state, and progress in steps of 10%, so logs stay readable however often the engine reports.
 */
export function isNotableUpdate(previous: JobView | undefined, job: JobView): boolean {
  if (previous === undefined || previous.state !== job.state || previous.pauseReason !== job.pauseReason) return true;
  if (job.kind === 'playlist') return previous.itemsQueued !== job.itemsQueued;
  return job.state === 'downloading' && decile(job) !== decile(previous);
}
