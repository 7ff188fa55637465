import type { JobOutcome } from './job-queue';
import type { JobPatch, JobRecord } from './job-store';

const LINK_EXPIRED = 'link_expired';

/** A download whose media links died and may not (or no longer) be refreshed automatically. */
export const expiredWithoutRefresh = (): JobOutcome => ({
  kind: 'failed',
  error: {
    code: LINK_EXPIRED,
    message:
      'The media links of this post expired before the download finished. Retry to extract it again (this costs credits), ' +
      'or turn on "refresh expired links" in Settings.',
    retryable: false,
  },
});

/**
 * What a user's retry changes besides the state: the links of a job that failed because
 * they expired are dead, so the retry extracts the post again (what the error promised);
 * the finished streams and the .part files stay, and the download resumes from them.
 */
export const retryPatch = (job: JobRecord): JobPatch => (job.error?.code === LINK_EXPIRED ? { post: undefined, refreshes: 0 } : {});
