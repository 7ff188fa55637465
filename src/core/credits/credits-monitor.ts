import { errorInfoOf } from '../../shared/errors';
import type { Balance } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import type { ServiceClient } from '../api';
import type { EventBus } from '../events';
import type { BalanceAlerts } from './balance-alerts';
import type { PriceLearner } from './price-learner';

export interface CreditsMonitorOptions {
  client: () => ServiceClient;
  alerts: BalanceAlerts;
  /** Told of every balance query and its answer: prices and ledger costs are learned from them. */
  learner: PriceLearner;
  events: EventBus;
  now: () => number;
  /** After charged calls the balance is asked once, this long after the last one. */
  debounceMs?: number;
  /** Called when the balance went up (a top-up): jobs held for credits can go on. */
  onTopUp: () => void;
}

export interface CreditsMonitor {
  /** The free credit query; raises alerts and the credits.changed event. */
  refresh(): Promise<Result<Balance, ErrorInfo>>;
  /** The last balance seen (kept across restarts), without a call; marked when the latest check failed. */
  last(): Balance | undefined;
  /** A charged call was recorded in the ledger as `entryId`: refresh soon (debounced). */
  charged(entryId: number): void;
  /** The service answered 402: the number shown is wrong, refresh soon (debounced like a charge). */
  outOfCredits(): void;
  /**
   * Sends now the query a charge or a 402 left waiting (debounced), and waits for its
   * answer: a face about to end (a short CLI run) still learns what its calls cost. One
   * query at most, through the key's rate limiter like any other.
   */
  settle(): Promise<void>;
  /** Ask now and then while jobs wait for a top-up. */
  watchForTopUp(intervalMs: number): void;
  close(): void;
}

export function createCreditsMonitor(options: CreditsMonitorOptions): CreditsMonitor {
  const debounceMs = options.debounceMs ?? 1_000;
  const stored = options.alerts.lastBalance();
  let last: Balance | undefined =
    stored.ok && stored.value ? { availableCredits: stored.value.balance, checkedAt: stored.value.observedAt } : undefined;
  let pendingEntries: number[] = [];
  let debounce: NodeJS.Timeout | undefined;
  let poll: NodeJS.Timeout | undefined;
  let inFlight: Promise<Result<Balance, ErrorInfo>> | undefined;
  let closed = false;
  const closedError = { ok: false, error: { code: 'closed', message: 'Trove is shutting down.' } } as const;
  // Set by a 402: the next query must go out even with no charge waiting for its balance.
  let staleByAnswer = false;

  const ask = async (): Promise<Result<Balance, ErrorInfo>> => {
    if (closed) return closedError;
    // Only charges made before the query is sent are in its answer; later ones wait for the next.
    const entries = pendingEntries.splice(0);
    // Any query sent after a 402 answers what it made stale.
    staleByAnswer = false;
    const reading = options.learner.begin(entries);
    const answered = await options.client().credits();
    // The engine may have closed (and its database with it) while the query was out.
    if (closed) return closedError;
    if (!answered.ok) {
      pendingEntries.unshift(...entries);
      const error = errorInfoOf(answered.error);
      // The old number stays, but marked old: no face may show it as current.
      if (last) {
        last = { availableCredits: last.availableCredits, checkedAt: last.checkedAt, refreshFailed: { code: error.code, at: options.now() } };
        options.events.emit('credits.changed', last);
      }
      return { ok: false, error };
    }
    const balance: Balance = { availableCredits: answered.value.availableCredits, checkedAt: options.now() };
    // With no earlier answer to compare (the first one may arrive after the top-up), any credit
    // at all lets held jobs try again; a balance still too low only pauses them once more.
    const toppedUp = last === undefined ? balance.availableCredits > 0 : balance.availableCredits > last.availableCredits;
    last = balance;
    options.learner.answered(reading, balance.availableCredits);
    const alert = options.alerts.observe(balance.availableCredits);
    options.events.emit('credits.changed', balance);
    if (alert.ok && alert.value) options.events.emit('credits.alert', { threshold: alert.value.threshold, balance: alert.value.balance });
    if (toppedUp) options.onTopUp();
    return { ok: true, value: balance };
  };

  // One query for a burst of charges or 402s, and it waits its turn in the key's rate limiter.
  const refreshSoon = (): void => {
    if (debounce) clearTimeout(debounce);
    // A query already out was sent before this charge: ask again once it is back.
    debounce = setTimeout(() => {
      void (inFlight ?? Promise.resolve()).then(() => {
        if (pendingEntries.length > 0 || staleByAnswer) {
          staleByAnswer = false;
          void monitor.refresh();
        }
      });
    }, debounceMs);
    debounce.unref();
  };

  const monitor: CreditsMonitor = {
    // Concurrent callers share one query: the credit endpoint counts against the rate limit too.
    refresh() {
      inFlight ??= ask().finally(() => {
        inFlight = undefined;
      });
      return inFlight;
    },
    last: () => last,
    charged(entryId) {
      pendingEntries.push(entryId);
      refreshSoon();
    },
    outOfCredits() {
      staleByAnswer = true;
      refreshSoon();
    },
    async settle() {
      if (debounce) clearTimeout(debounce);
      debounce = undefined;
      await inFlight;
      if (closed || (pendingEntries.length === 0 && !staleByAnswer)) return;
      staleByAnswer = false;
      await monitor.refresh();
    },
    watchForTopUp(intervalMs) {
      if (poll) return;
      poll = setInterval(() => void monitor.refresh(), intervalMs);
      poll.unref();
    },
    close() {
      closed = true;
      if (debounce) clearTimeout(debounce);
      if (poll) clearInterval(poll);
      poll = undefined;
      pendingEntries = [];
    },
  };
  return monitor;
}
