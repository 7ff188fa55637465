import type { Post } from '../../shared/post';
import type { CoreServices } from '../core-services';
import type { JobOutcome } from './job-queue';
import { outcomeOf } from './job-outcome';
import type { JobRecord } from './job-store';

/** Extracts a job's post (charged on 200, recorded in the ledger against the job). */
export async function extractForJob(
  services: CoreServices,
  job: JobRecord,
  signal: AbortSignal,
): Promise<{ ok: true; post: Post } | { ok: false; outcome: JobOutcome }> {
  const link = job.post?.post_url ?? job.url;
  const extracted = await services.client({ jobId: job.id }).extractPost(link, { signal });
  if (!extracted.ok) return { ok: false, outcome: outcomeOf(extracted.error) };
  return { ok: true, post: extracted.value };
}
