import type { JobView } from '../../shared/jobs';

/** Shows a run over jobs as it happens; one implementation per output mode. */
export interface JobDisplay {
  /** `previous` is the last view of the same job, if any. */
  update(job: JobView, previous: JobView | undefined): void;
  /** A remark that belongs between the progress lines (a paused queue, an alert). */
  notice(text: string): void;
  stop(): void;
}

/** For --json and --quiet: the events themselves (or nothing) are the output. */
export const silentDisplay: JobDisplay = {
  update() {},
  notice() {},
  stop() {},
};
