import type { JobView } from '../../shared/jobs';
import { isNotableUpdate, jobLine } from '../format/format-job';
import type { TextSink } from '../output/output';
import type { JobDisplay } from './job-display';

/** Without a terminal: plain lines, one per notable update, no control codes. */
export function createLineDisplay(stdout: TextSink, stderr: TextSink): JobDisplay {
  return {
    update(job: JobView, previous: JobView | undefined) {
      if (isNotableUpdate(previous, job)) stdout.write(`${jobLine(job)}\n`);
    },
    notice(text) {
      stderr.write(`${text}\n`);
    },
    stop() {},
  };
}
