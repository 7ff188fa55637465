import { MultiBar } from 'cli-progress';
import type { SingleBar } from 'cli-progress';
import type { JobProgress } from '../../shared/jobs';
import { jobLine, jobTitle } from '../format/format-job';
import { formatBytes, formatDuration, formatSpeed, percentOf } from '../format-units';
import { isActive, isSettled, shownProgress } from './progress-board';
import type { ProgressBoard } from './progress-board';
import type { JobDisplay } from './job-display';

const TITLE_WIDTH = 32;

/** Bar tokens: everything formatted here so the bar shows our units, not cli-progress's. */
export function barPayload(label: string, progress: JobProgress): Record<string, string> {
  const percent = percentOf(progress.bytes, progress.total);
  return {
    label: label.length > TITLE_WIDTH ? `${label.slice(0, TITLE_WIDTH - 1)}…` : label.padEnd(TITLE_WIDTH),
    pct: percent === undefined ? '  ?%' : `${String(percent).padStart(3)}%`,
    size: progress.total === undefined ? formatBytes(progress.bytes) : `${formatBytes(progress.bytes)}/${formatBytes(progress.total)}`,
    rate: formatSpeed(progress.speed),
    timeLeft: formatDuration(progress.etaSeconds),
  };
}

/** cli-progress wants a value and a total; an unknown size shows an empty bar. */
const barValues = (progress: Pick<JobProgress, 'bytes' | 'total'>): [value: number, total: number] =>
  progress.total === undefined || progress.total <= 0 ? [0, 1] : [Math.min(progress.bytes, progress.total), progress.total];

/**
 * On a terminal: one live bar per active job (bytes, speed, ETA) under an overall bar;
 * finished and failed jobs scroll up above the bars as plain lines.
 */
export function createTtyDisplay(stream: NodeJS.WritableStream, board: ProgressBoard): JobDisplay {
  const multibar = new MultiBar({
    stream,
    // Our own token names: cli-progress fills {eta}, {percentage} etc. itself and would override them.
    format: '{label} |{bar}| {pct} {size} {rate} ETA {timeLeft}',
    barsize: 24,
    hideCursor: true,
    autopadding: true,
    // Ctrl-C is ours: the run pauses the jobs before the process exits.
    gracefulExit: false,
  });
  const bars = new Map<number, SingleBar>();
  let overall: SingleBar | undefined;
  let stopped = false;

  const refreshOverall = (): void => {
    const sum = board.overall();
    const label = `all: ${sum.counts.done} done, ${sum.counts.failed} failed, ${sum.counts.queued} queued`;
    const [value, total] = barValues(sum);
    const payload = barPayload(label, sum);
    if (overall) {
      overall.setTotal(total);
      overall.update(value, payload);
    } else {
      overall = multibar.create(total, value, payload);
    }
  };

  return {
    update(job, previous) {
      if (stopped) return;
      const bar = bars.get(job.id);
      if (isActive(job) && job.kind === 'post') {
        const progress = shownProgress(job);
        const [value, total] = barValues(progress);
        const payload = barPayload(`#${job.id} ${jobTitle(job)}`, progress);
        if (bar) {
          bar.setTotal(total);
          bar.update(value, payload);
        } else {
          bars.set(job.id, multibar.create(total, value, payload));
        }
      } else if (bar) {
        multibar.remove(bar);
        bars.delete(job.id);
      }
      const changed = previous?.state !== job.state;
      if (changed && (isSettled(job) || job.state === 'paused')) multibar.log(`${jobLine(job)}\n`);
      refreshOverall();
    },
    notice(text) {
      if (stopped) stream.write(`${text}\n`);
      else multibar.log(`${text}\n`);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      // log() only buffers until the next redraw: draw once more so the last lines appear.
      if (overall) multibar.update();
      multibar.stop();
    },
  };
}
