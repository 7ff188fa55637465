import { displayCaption } from '../../shared/display-caption';
import type { ErrorInfo } from '../../shared/errors';
import type { PlaylistPage, Post } from '../../shared/post';
import type { SubscriptionOutcome } from '../../shared/subscriptions';
import type { ServiceClient } from '../api';
import type { CoreServices } from '../core-services';
import { isBelow } from '../credits';
import { inLibrary, postLink, storeProfile } from '../jobs';
import type { NewJob } from '../jobs';
import { startOfMonth } from './schedule';
import type { RunProgress, SubscriptionRecord, SubscriptionStore } from './subscription-store';

/** What a run needs: the service, the library and queue it writes to, and the learned page price. */
export interface RunPort {
  readonly store: SubscriptionStore;
  readonly client: () => Pick<ServiceClient, 'extractPlaylist' | 'credits'>;
  readonly services: Pick<CoreServices, 'library' | 'jobs'>;
  /** What one page of this list's site cost before, as learned from the balance; unknown → undefined. */
  readonly pagePrice: (link: string) => number | undefined;
  readonly now: () => number;
  /** New jobs are in the queue (committed): announce them and let the queue start them. */
  readonly queued: (jobIds: readonly number[]) => void;
}

export interface RunEnd {
  outcome: SubscriptionOutcome;
  message?: string;
}

const credits = (value: number): string => `${Math.round(value * 100) / 100} credit${value === 1 ? '' : 's'}`;

/**
 * The posts of a page the subscription has not seen, newest first, up to the first it has:
 * in the library (the sync rule the playlist runner uses), queued already by an earlier run,
 * or published before "only posts after". The date stays: a first run that took nothing
 * older than it queued nothing to stop the next run, which would otherwise take the backlog.
 */
function newPosts(port: RunPort, subscription: SubscriptionRecord, page: PlaylistPage): { posts: Post[]; reachedKnown: boolean } {
  const posts: Post[] = [];
  for (const post of page.posts) {
    const published = post.created_at === undefined ? Number.NaN : Date.parse(post.created_at);
    const tooOld = subscription.onlyAfter !== null && published < subscription.onlyAfter;
    if (tooOld || inLibrary(port.services, subscription, post) || port.services.jobs.hasPostJob(postLink(subscription, post))) {
      return { posts, reachedKnown: true };
    }
    posts.push(post);
  }
  return { posts, reachedKnown: false };
}

const jobOf = (subscription: SubscriptionRecord, page: PlaylistPage, post: Post): NewJob => ({
  kind: 'post',
  url: postLink(subscription, post),
  options: subscription.options,
  post,
  title: displayCaption(post) || post.id || '',
  ...(post.site ?? page.site ? { site: post.site ?? page.site } : {}),
});

/**
 * One run of a subscription, page by page from the newest post, until it meets a post it
 * has seen. Each page is one charged call; the posts it finds are queued as jobs that need
 * no extraction of their own, so a run costs one charge per page, never per post. Before a
 * page it stops at the run or month cap (priced at what the last page cost, else the learned
 * price) or when the balance would fall below the chosen threshold; the balance is asked
 * (free) after every page, so what a run cost is what the service took.
 *
 * The page's jobs, the run's cursor and totals are written in one transaction (with the
 * profile's saved cursor), so a run cut short goes on from its next page: nothing is queued
 * twice, and no page the run recorded is bought again. The caller holds the runs' lock.
 */
export async function runSubscription(port: RunPort, id: number, signal: AbortSignal): Promise<RunEnd> {
  const started = port.store.start(id);
  if (!started.ok) return failed(started.error);
  let progress: RunProgress = started.value;
  const client = port.client();

  if (progress.balance === undefined) {
    const balance = await client.credits({ signal });
    if (!balance.ok) return failed(balance.error);
    progress = { ...progress, balance: balance.value.availableCredits };
    port.store.progress(id, progress);
  }
  let lastPageCost: number | undefined;
  for (;;) {
    const read = port.store.get(id);
    if (!read.ok) return failed(read.error);
    const subscription = read.value;
    const spentThisMonth = port.store.spentSince(id, startOfMonth(port.now()));
    if (!spentThisMonth.ok) return failed(spentThisMonth.error);

    const balance = progress.balance ?? 0;
    const price = lastPageCost ?? port.pagePrice(subscription.url) ?? 0;
    if (isBelow(subscription.stopBelow, balance - price)) {
      return {
        outcome: 'low_balance',
        message: `Stopped: the balance (${credits(balance)}) is${isBelow(subscription.stopBelow, balance) ? '' : ' about to go'} below the ${credits(subscription.stopBelow)} you chose.`,
      };
    }
    // A cap already reached stops whatever a page costs: an unknown price counts as 0 above,
    // and no page is free.
    const passes = (spent: number, cap: number): boolean => spent >= cap || spent + price > cap;
    if (subscription.runCap !== null && passes(progress.cost, subscription.runCap)) {
      return { outcome: 'run_cap', message: `Stopped at the cap of ${credits(subscription.runCap)} per run (${credits(progress.cost)} spent).` };
    }
    if (subscription.monthCap !== null && passes(spentThisMonth.value + progress.cost, subscription.monthCap)) {
      return { outcome: 'month_cap', message: `Stopped at the cap of ${credits(subscription.monthCap)} a month (${credits(spentThisMonth.value + progress.cost)} spent this month).` };
    }

    const page = await client.extractPlaylist(subscription.url, progress.cursor, { signal });
    if (!page.ok) return failed(page.error);
    const after = await client.credits({ signal });
    // The page is paid for: it is recorded whatever the balance query says.
    const afterBalance = after.ok ? after.value.availableCredits : balance - price;
    lastPageCost = Math.max(0, balance - afterBalance);

    const { posts, reachedKnown } = newPosts(port, subscription, page.value);
    const last = reachedKnown || !page.value.has_more;
    progress = {
      ...progress,
      ...(page.value.has_more ? { cursor: page.value.next_cursor } : {}),
      pages: progress.pages + 1,
      found: progress.found + posts.length,
      cost: progress.cost + lastPageCost,
      balance: afterBalance,
    };
    const next = progress;
    const jobIds = port.store.transaction(() => {
      storeProfile(port.services, subscription, page.value);
      const ids = port.services.jobs.add(posts.map((post) => jobOf(subscription, page.value, post)));
      port.store.progress(id, next);
      const profile = page.value.profile;
      if (progress.pages === 1 && profile) {
        const title = profile.display_name ?? profile.username ?? subscription.title;
        port.store.name(id, { title, ...(profile.username ? { username: profile.username } : {}), ...(page.value.site ? { site: page.value.site } : {}) });
      }
      return ids;
    });
    if (jobIds.length > 0) port.queued(jobIds);
    if (!after.ok) {
      // Closing while the balance was asked: the page is recorded, the run goes on next time.
      if (after.error.code === 'canceled') signal.throwIfAborted();
      return { outcome: 'failed', message: `Stopped: the balance could not be checked after a page (${after.error.message}).` };
    }
    if (last) return { outcome: 'done' };
    signal.throwIfAborted();
  }
}

const failed = (error: ErrorInfo): RunEnd => {
  if (error.code === 'canceled') throw new DOMException(error.message, 'AbortError');
  return { outcome: 'failed', message: error.message };
};
