import type { JobSource } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import { failWith as fail } from '../../shared/errors';
import type { DownloadOptions } from '../../shared/jobs';
import type { Post } from '../../shared/post';
import { guessLinkKind, parseLink } from '../../shared/links';
import type { CoreServices } from '../core-services';
import { jobView } from '../jobs';
import type { NewJob } from '../jobs';
import type { HandlerDeps, HandlerGroup } from './handler-types';
import { libraryIdOfPost } from './library-id-of';
import { jobsOfPicks } from './post-picks';
import type { PickedJobs } from './post-picks';

const only = (job: NewJob): Result<PickedJobs, ErrorInfo> => ({ ok: true, value: { jobs: [job], inLibrary: [] } });

/**
 * The jobs a source stands for; a known post is refused unless forced or picked again
 * (never pay twice, nor copy, by accident), and left out of a batch of picks.
 */
function jobsFor(services: CoreServices, source: JobSource, options: DownloadOptions): Result<PickedJobs, ErrorInfo> {
  const libraryIdOf = (post: Post, previewedFrom: string) => libraryIdOfPost(services, post, previewedFrom);
  switch (source.kind) {
    case 'link': {
      const link = parseLink(source.url);
      if (!link.ok) return link;
      if (guessLinkKind(link.value) === 'playlist') return only({ kind: 'playlist', url: link.value, options });
      if (!source.force) {
        const known = services.library.findExisting({ postUrl: link.value });
        if (known.ok && known.value) {
          return fail('duplicate', `"${known.value.post.caption || link.value}" is already in the library.`, { libraryId: known.value.post.id });
        }
      }
      return only({ kind: 'post', url: link.value, options, force: source.force ?? false });
    }
    case 'playlist': {
      const link = parseLink(source.url);
      if (!link.ok) return link;
      return only({
        kind: 'playlist',
        url: link.value,
        options,
        playlistSync: source.sync ?? false,
        ...(source.limit ? { playlistLimit: source.limit } : {}),
        ...(source.maxCredits ? { playlistMaxCredits: source.maxCredits } : {}),
      });
    }
    case 'resolved':
      return jobsOfPicks(services.resolutions, [source], options, { libraryIdOf, rule: 'refuse' });
    case 'posts':
      return jobsOfPicks(services.resolutions, source.picks, options, { libraryIdOf, rule: 'leaveOut' });
  }
}

export function jobCommands({ services, queue, queueRunner }: HandlerDeps): HandlerGroup<
  'jobs.add' | 'jobs.list' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retry' | 'jobs.move' | 'jobs.clear' | 'queue.runner'
> {
  const changed = (count: number) => Promise.resolve({ ok: true as const, value: { changed: count } });
  return {
    async 'jobs.add'({ source, options }) {
      const picked = jobsFor(services, source, options);
      if (!picked.ok) return picked;
      const jobIds = services.jobs.add(picked.value.jobs);
      for (const id of jobIds) {
        const job = services.jobs.get(id);
        if (job) services.events.emit('job.updated', jobView(job));
      }
      queue.pump();
      const { inLibrary } = picked.value;
      return { ok: true, value: { jobIds, ...(inLibrary.length > 0 ? { inLibrary } : {}) } };
    },
    async 'jobs.list'({ states }) {
      return { ok: true, value: services.jobs.list(states).map((job) => queue.viewOf(job)) };
    },
    'jobs.pause': ({ ids }) => changed(queue.pause(ids)),
    'jobs.resume': ({ ids }) => changed(queue.resume(ids)),
    'jobs.cancel': ({ ids }) => changed(queue.cancel(ids)),
    'jobs.retry': ({ ids }) => changed(queue.retry(ids)),
    async 'jobs.move'({ id, toIndex }) {
      return queue.move(id, toIndex) ? { ok: true, value: { changed: 1 } } : fail('job_not_found', `There is no job ${id}.`);
    },
    async 'jobs.clear'({ states }) {
      return { ok: true, value: { removed: queue.clear(states ?? ['done', 'failed', 'canceled']) } };
    },
    async 'queue.runner'() {
      return { ok: true, value: queueRunner() };
    },
  };
}
