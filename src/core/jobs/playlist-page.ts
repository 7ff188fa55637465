import type { ErrorInfo, Result } from '../../shared/errors';
import type { PlaylistPage } from '../../shared/post';
import type { ApiError, ServiceClient } from '../api';
import type { CoreServices } from '../core-services';
import type { CostCap } from './cost-cap';
import type { JobRecord } from './job-store';

/**
 * The page a playlist run reads next: one already paid for while its answer is good (the
 * preview's pages, so "Download whole profile" after three Load mores buys only the rest),
 * else bought, if the run's cost cap allows, and remembered for the next asker.
 */
export async function pageOf(
  services: Pick<CoreServices, 'answers'>,
  client: ServiceClient,
  job: JobRecord,
  cap: CostCap,
  signal: AbortSignal,
): Promise<Result<PlaylistPage, ApiError | ErrorInfo>> {
  const earlier = services.answers.recall('playlist', job.url, job.playlistCursor);
  if (earlier) return { ok: true, value: earlier.resolution.page };
  const stop = await cap.beforePage();
  if (stop) return { ok: false, error: stop };
  const page = await client.extractPlaylist(job.url, job.playlistCursor, { signal });
  if (!page.ok) return page;
  if (page.charged) {
    cap.bought();
    services.answers.remember({ kind: 'playlist', url: job.url, ...(job.playlistCursor === undefined ? {} : { cursor: job.playlistCursor }), page: page.value, charged: true });
  }
  return { ok: true, value: page.value };
}
