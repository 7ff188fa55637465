import type { JobSource } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import type { DownloadOptions } from '../../shared/jobs';
import { guessLinkKind, parseLink } from '../../shared/links';
import { displayCaption } from '../../shared/display-caption';
import type { CoreServices } from '../core-services';
import { jobView } from '../jobs';
import type { NewJob } from '../jobs';
import type { HandlerDeps, HandlerGroup } from './handler-types';

const fail = (code: string, message: string, detail?: unknown): Result<never, ErrorInfo> => ({
  ok: false,
  error: { code, message, ...(detail !== undefined ? { detail } : {}) },
});

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
          { kind: 'playlist', url: link.value, options, playlistSync: source.sync ?? false, ...(source.limit ? { playlistLimit: source.limit } : {}) },
        ],
      };
    }
    case 'resolved': {
      const resolution = services.resolutions.get(source.resolutionId);
      if (!resolution || resolution.kind === 'subtitles') {
        return fail('resolution_expired', 'This preview is too old: paste the link again to get fresh media links.');
      }
      const posts =
        resolution.kind === 'post'
          ? [resolution.post]
          : (source.postIndexes ?? resolution.page.posts.map((_post, index) => index)).map((index) => resolution.page.posts[index]);
      if (posts.some((post) => post === undefined)) return fail('invalid_input', 'A chosen post is not on this page.');
      if (source.mediaIndexes) {
        if (resolution.kind !== 'post') return fail('invalid_input', 'Media items can be chosen for a single post only, not for a page of posts.');
        if (source.mediaIndexes.length === 0) return fail('invalid_input', 'Choose at least one media item of this post.');
        const count = resolution.post.medias.length;
        if (source.mediaIndexes.some((index) => index >= count)) return fail('invalid_input', `A chosen media item is not in this post (it has ${count}).`);
      }
      return {
        ok: true,
        value: posts.map((post) => ({
          kind: 'post' as const,
          url: post?.post_url ?? resolution.url,
          options,
          post,
          charged: resolution.kind === 'post',
          force: true,
          title: post ? displayCaption(post) : '',
          ...(post?.site ? { site: post.site } : {}),
          ...(source.mediaIndexes ? { mediaIndexes: source.mediaIndexes } : {}),
        })),
      };
    }
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
