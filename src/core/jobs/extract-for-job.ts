import type { Post } from '../../shared/post';
import type { CoreServices } from '../core-services';
import { apiErrorInfo } from './api-error-info';
import type { JobOutcome } from './job-queue';
import type { JobRecord } from './job-store';
import type { ApiError } from '../api';

/** How an extraction failure stops a job: a blocked queue, a stop, or a failure to retry. */
export function outcomeOfApiError(error: ApiError): JobOutcome {
  if (error.code === 'aborted') return { kind: 'aborted' };
  if (error.code === 'out_of_credits') return { kind: 'blocked', reason: 'out_of_credits', error: apiErrorInfo(error) };
  if (error.code === 'unauthorized' || error.code === 'key_unavailable') {
    return { kind: 'blocked', reason: 'key_required', error: apiErrorInfo(error) };
  }
  return { kind: 'failed', error: { ...apiErrorInfo(error), retryable: error.retryable } };
}

/** Extracts a job's post (charged on 200, recorded in the ledger against the job). */
export async function extractForJob(
  services: CoreServices,
  job: JobRecord,
  signal: AbortSignal,
): Promise<{ ok: true; post: Post } | { ok: false; outcome: JobOutcome }> {
  const link = job.post?.post_url ?? job.url;
  const extracted = await services.client({ jobId: job.id }).extractPost(link, { signal });
  if (!extracted.ok) return { ok: false, outcome: outcomeOfApiError(extracted.error) };
  return { ok: true, post: extracted.value };
}
