import { displayCaption } from '../../shared/display-caption';
import type { PlaylistPage, Post } from '../../shared/post';
import type { CoreServices } from '../core-services';
import { siteOfLink } from '../credits';
import { createCostCap } from './cost-cap';
import { outcomeOf } from './job-outcome';
import { pageOf } from './playlist-page';
import type { JobRunner } from './job-queue';
import { jobView } from './job-store';
import type { JobRecord, NewJob } from './job-store';

/** The link a post of a page is known by: its own URL, else the page's link and its id. */
export const postLink = (playlist: Pick<JobRecord, 'url'>, post: Post): string => post.post_url ?? `${playlist.url}#${post.id ?? ''}`;

/** Whether a post of a page is in the library already (subscriptions stop there too). */
export const inLibrary = (services: Pick<CoreServices, 'library'>, playlist: Pick<JobRecord, 'url'>, post: Post): boolean => {
  const found = services.library.findExisting({
    ...(post.site ? { site: post.site } : {}),
    ...(post.id ? { id: post.id } : {}),
    postUrl: postLink(playlist, post),
  });
  return found.ok && found.value !== null;
};

/**
 * A profile or playlist, page by page. Each page is one charged call; its posts become
 * jobs that download from the page itself (no extraction per post). The next cursor, the
 * profile and the new jobs are written in one transaction after every page, so a crash
 * never buys the same page twice; a page bought moments ago (a preview's Load more) is
 * taken free from the answers already paid for. `sync` stops at the first post already in
 * the library; `limit` caps how many posts are queued; a cost cap stops the run before a page
 * would pass it, with the cursor kept (`cost-cap.ts`).
 */
export function createPlaylistRunner(services: CoreServices): JobRunner {
  return async (initial, context) => {
    let job = context.enter('extracting');
    const client = services.client({ jobId: job.id });
    const cap = createCostCap(job.playlistMaxCredits, {
      pagePrice: () => services.prices.get({ operation: 'playlist', site: siteOfLink(job.url) }),
      learnPrices: () => services.credits.refresh(),
    });
    for (;;) {
      const page = await pageOf(services, client, job, cap, context.signal);
      if (!page.ok) return outcomeOf(page.error);

      const { children, reachedKnown } = pickPosts(services, job, page.value);
      const avatar = job.thumbnail === undefined ? await cachedAvatar(services, page.value) : undefined;
      const limitReached = job.playlistLimit !== undefined && job.itemsQueued + children.length >= job.playlistLimit;
      const last = !page.value.has_more || reachedKnown || limitReached;
      let added: number[] = [];
      job = services.db.transaction(() => {
        storeProfile(services, job, page.value);
        added = services.jobs.add(children);
        return context.patch({
          itemsQueued: job.itemsQueued + children.length,
          playlistCursor: page.value.has_more ? page.value.next_cursor : undefined,
          ...(job.title ? {} : { title: page.value.profile?.display_name ?? page.value.profile?.username ?? initial.url }),
          ...(page.value.site ? { site: page.value.site } : {}),
          ...(avatar ? { thumbnail: avatar } : {}),
        });
      })();
      // The faces list the new posts at once, waiting, not only once each starts.
      for (const id of added) {
        const child = services.jobs.get(id);
        if (child) services.events.emit('job.updated', jobView(child));
      }
      if (last) return { kind: 'done' };
      context.signal.throwIfAborted();
    }
  };
}

/**
 * The profile's avatar, kept in the thumbnail cache, for the run's own row in the queue (the
 * service's image links expire). None when the page has none or it cannot be had: the row
 * shows no picture, the run goes on.
 */
async function cachedAvatar(services: Pick<CoreServices, 'thumbnails'>, page: PlaylistPage): Promise<string | undefined> {
  const url = page.profile?.avatar_url;
  if (!url) return undefined;
  const cached = await services.thumbnails.cache(url);
  return cached.ok ? cached.value.path : undefined;
}

function pickPosts(services: CoreServices, job: JobRecord, page: PlaylistPage): { children: NewJob[]; reachedKnown: boolean } {
  const children: NewJob[] = [];
  let reachedKnown = false;
  for (const post of page.posts) {
    if (job.playlistLimit !== undefined && job.itemsQueued + children.length >= job.playlistLimit) break;
    if (inLibrary(services, job, post)) {
      if (job.playlistSync) {
        reachedKnown = true;
        break;
      }
      continue; // already downloaded: a profile download does not fetch it again
    }
    children.push({
      kind: 'post',
      url: postLink(job, post),
      parentId: job.id,
      options: job.options,
      post,
      title: displayCaption(post) || post.id || '',
      ...(post.site ?? page.site ? { site: post.site ?? page.site } : {}),
    });
  }
  return { children, reachedKnown };
}

/** Keeps the list's profile and saved cursor in the library after a page (subscriptions share it). */
export function storeProfile(services: Pick<CoreServices, 'library'>, job: Pick<JobRecord, 'url'>, page: PlaylistPage): void {
  const profile = page.profile;
  const stored = services.library.upsertProfile({
    url: job.url,
    ...(page.site ? { site: page.site } : {}),
    ...(profile?.username ? { username: profile.username } : {}),
    ...(profile?.display_name ? { displayName: profile.display_name } : {}),
    ...(profile?.post_count !== undefined ? { postCount: profile.post_count } : {}),
    ...(profile?.follower_count !== undefined ? { followerCount: profile.follower_count } : {}),
  });
  if (!stored.ok) throw new Error(stored.error.message);
  services.library.checkpointProfile(stored.value.id, page.has_more ? page.next_cursor : null);
  if (!page.has_more) services.library.markProfileSynced(stored.value.id);
}
