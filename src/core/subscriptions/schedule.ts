import type { SubscriptionSchedule } from '../../shared/subscriptions';
import { SCHEDULE_INTERVAL_MS } from '../../shared/subscriptions';

/**
 * When a subscription runs next, counted from `from` (the end of its last run, or now for a
 * new one). Counting from the run rather than from the missed slot is what makes missed runs
 * catch up once: after a week asleep an hourly subscription runs once, then hourly again.
 */
export function nextRunAfter(schedule: SubscriptionSchedule, from: number): number | null {
  const interval = SCHEDULE_INTERVAL_MS[schedule];
  return interval === undefined ? null : from + interval;
}

/** Profiles are the common case; a link that names a playlist or list is one. */
export function guessSubscriptionKind(link: string): 'profile' | 'playlist' {
  const url = new URL(link);
  return /\/(?:playlists?|list|album|collections?|sets?)\b/iu.test(url.pathname) || url.searchParams.has('list') ? 'playlist' : 'profile';
}

/** The month caps count from the first of the month, local time (as the user reads a calendar). */
export function startOfMonth(at: number): number {
  const date = new Date(at);
  return new Date(date.getFullYear(), date.getMonth(), 1).getTime();
}
