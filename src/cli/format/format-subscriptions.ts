import type { SubscriptionRan, SubscriptionRun, SubscriptionView } from '../../shared/subscriptions';

const when = (at: number): string => new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const credits = (value: number): string => `${Math.round(value * 100) / 100} ${value === 1 ? 'credit' : 'credits'}`;
const posts = (count: number): string => `${count} new ${count === 1 ? 'post' : 'posts'}`;

/** "@grow" when the service named the account, else its title. */
export const subscriptionName = (subscription: Pick<SubscriptionView, 'title' | 'username'>): string =>
  subscription.username ? `@${subscription.username}` : subscription.title;

/** What a run did: "3 new posts, 5 credits (1 page)", and why it stopped when it stopped early. */
export function runText(run: SubscriptionRun): string {
  const done = `${posts(run.found)}, ${credits(run.cost)} (${run.pages} ${run.pages === 1 ? 'page' : 'pages'})`;
  return run.outcome === 'done' ? done : `${done}: ${run.message ?? run.outcome}`;
}

/** One subscription, in three lines: what it follows, how, and its runs. */
export function subscriptionLines(subscription: SubscriptionView): string[] {
  const caps = [
    subscription.runCap !== null ? `at most ${credits(subscription.runCap)} a run` : undefined,
    subscription.monthCap !== null ? `at most ${credits(subscription.monthCap)} a month` : undefined,
    `stops below ${credits(subscription.stopBelow)}`,
  ].filter((part) => part !== undefined);
  const next = subscription.paused ? 'paused' : subscription.nextRunAt === null ? 'runs only when asked' : `next run ${when(subscription.nextRunAt)}`;
  return [
    `${subscription.id}  ${subscriptionName(subscription)}  ${subscription.url}`,
    `   ${subscription.kind}, ${subscription.schedule}; ${caps.join(', ')}; ${credits(subscription.monthSpent)} this month`,
    `   ${subscription.lastRun ? `last run ${when(subscription.lastRun.at)}: ${runText(subscription.lastRun)}` : 'not run yet'}${subscription.running ? ' (a run is under way or was cut short)' : ''} · ${next}`,
  ];
}

export function subscriptionListLines(subscriptions: readonly SubscriptionView[]): string[] {
  if (subscriptions.length === 0) return ['No subscriptions. Follow a profile or playlist with `trove follow <link>`.'];
  return subscriptions.flatMap(subscriptionLines);
}

export function ranLines(runs: readonly SubscriptionRan[]): string[] {
  if (runs.length === 0) return ['No subscription was due.'];
  return runs.map((ran) => `${subscriptionName(ran)}: ${runText(ran.run)}`);
}
