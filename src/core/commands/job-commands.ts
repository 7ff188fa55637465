import type { JobSource } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import { failWith as fail } from '../../shared/errors';
import type { DownloadOptions } from '../../shared/jobs';
import { guessLinkKind, parseLink } from '../../shared/links';
import type { CoreServices } from '../core-services';
import { jobView } from '../jobs';
import type { NewJob } from '../jobs';
import type { HandlerDeps, HandlerGroup } from './handler-types';
import { jobsOfPicks } from './post-picks';

/** The jobs a source stands for; a known post is refused unless forced (never pay twice by accident). */
function jobsFor(services: CoreServices, source: JobSource, options: DownloadOptions): Result<NewJob[], ErrorInfo> {
  switch (source.kind) {
    case 'link': {
      const link = parseLink(source.url);
      if (!link.ok) return link;
      if (guessLinkKind(link.value) === 'playlist') return { ok: true, value: [{ kind: 'playlist', url: link.value, options }] };
      if (!source.force) {
        const known = services.library.findExisting({ postUrl: link.value });
        if (known.ok && known.value) {
          return fail('duplicate', `"${known.value.post.caption || link.value}" is already in the library.`, { libraryId: known.value.post.id });
        }
      }
      return { ok: true, value: [{ kind: 'post', url: link.value, options, force: source.force ?? false }] };
    }
    case 'playlist': {
      const link = parseLink(source.url);
      if (!link.ok) return link;
      return {
        ok: true,
        value: [
          {
            kind: 'playlist',
            url: link.value,
            options,
            playlistSync: source.sync ?? false,
            ...(source.limit ? { playlistLimit: source.limit } : {}),
            ...(source.maxCredits ? { playlistMaxCredits: source.maxCredits } : {}),
          },
        ],
      };
    }
    case 'resolved':
      return jobsOfPicks(services.resolutions, [source], options);
    case 'posts':
      return jobsOfPicks(services.resolutions, source.picks, options);
  }
}

export function jobCommands({ services, queue, queueRunner }: HandlerDeps): HandlerGroup<
  'jobs.add' | 'jobs.list' | 'jobs.pause' | 'jobs.resume' | 'jobs.cancel' | 'jobs.retry' | 'jobs.move' | 'jobs.clear' | 'queue.runner'
> {
  const changed = (count: number) => Promise.resolve({ ok: true as const, value: { changed: count } });
  return {
    async 'jobs.add'({ source, options }) {
      const jobs = jobsFor(services, source, options);
      if (!jobs.ok) return jobs;
      const jobIds = services.jobs.add(jobs.value);
      for (const id of jobIds) {
        const job = services.jobs.get(id);
        if (job) services.events.emit('job.updated', jobView(job));
      }
      queue.pump();
      return { ok: true, value: { jobIds } };
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
