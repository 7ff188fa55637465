import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import { parseLink } from '../../shared/links';
import type { SubscriptionAdd } from '../../shared/contract';
import type { SubscriptionEdit, SubscriptionRan, SubscriptionView } from '../../shared/subscriptions';
import { DEFAULT_STOP_BELOW } from '../../shared/subscriptions';
import type { EventBus } from '../events';
import type { RunPort } from './run-subscription';
import { runSubscription } from './run-subscription';
import { lockRuns } from './runs-lock';
import { guessSubscriptionKind, nextRunAfter, startOfMonth } from './schedule';
import type { SubscriptionRecord, SubscriptionStore } from './subscription-store';

export interface SubscriptionsDeps extends RunPort {
  readonly store: SubscriptionStore;
  readonly events: EventBus;
  readonly dataDir: string;
}

/** Subscriptions as the faces see them, and their runs: by hand, or when due on a schedule. */
export function createSubscriptions(deps: SubscriptionsDeps) {
  const { store, events, now } = deps;
  const closing = new AbortController();
  let pass: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const view = (record: SubscriptionRecord): SubscriptionView => {
    const spent = store.spentSince(record.id, startOfMonth(now()));
    const { current, ...rest } = record;
    return {
      ...rest,
      nextRunAt: record.paused ? null : record.nextRunAt,
      running: current !== null,
      monthSpent: (spent.ok ? spent.value : 0) + (current?.cost ?? 0),
    };
  };
  const announce = (record: Result<SubscriptionRecord>): Result<SubscriptionView> => {
    if (!record.ok) return record;
    const shown = view(record.value);
    events.emit('subscription.updated', shown);
    return ok(shown);
  };

  /** Runs one subscription to its end (or until the engine closes) and records what it did. */
  async function runOne(id: number): Promise<SubscriptionRan | undefined> {
    // Shown as running at once (the run itself takes it up again where it stands).
    if (store.start(id).ok) announce(store.get(id));
    let end;
    try {
      end = await runSubscription(deps, id, closing.signal);
    } catch (error) {
      // Closing mid-run: the run stays as it is and goes on from its next page next time.
      if (closing.signal.aborted) return undefined;
      // A write the database refused: the run so far stays recorded, this one ends as failed.
      end = { outcome: 'failed' as const, message: error instanceof Error ? error.message : String(error) };
    }
    const record = store.get(id);
    if (!record.ok) return undefined;
    const finished = store.finish(id, end, nextRunAfter(record.value.schedule, now()));
    announce(finished);
    if (!finished.ok || !finished.value.lastRun) return undefined;
    const ran: SubscriptionRan = {
      id,
      title: finished.value.title,
      ...(finished.value.username ? { username: finished.value.username } : {}),
      run: finished.value.lastRun,
    };
    events.emit('subscription.ran', ran);
    return ran;
  }

  /** Under the runs' lock, one pass at a time in this process: `pick` chooses what runs. */
  function runUnderLock(pick: (all: SubscriptionRecord[]) => SubscriptionRecord[]): Promise<Result<SubscriptionRan[]>> {
    const next = pass.then(async (): Promise<Result<SubscriptionRan[]>> => {
      if (closing.signal.aborted) return err({ code: 'closed', message: 'Trove is closing.' });
      const attempt = lockRuns(deps.dataDir);
      if (attempt.held) return err({ code: 'not_available', message: 'Another Trove is running subscriptions on this data folder right now. Try again in a moment.' });
      try {
        const all = store.list();
        if (!all.ok) return all;
        const ran: SubscriptionRan[] = [];
        for (const subscription of pick(all.value)) {
          const one = await runOne(subscription.id);
          if (one) ran.push(one);
          if (closing.signal.aborted) break;
        }
        return ok(ran);
      } finally {
        attempt.lock?.release();
      }
    });
    pass = next.catch(() => undefined);
    return next;
  }

  const isDue = (subscription: SubscriptionRecord, at: number): boolean =>
    !subscription.paused && (subscription.current !== null || (subscription.nextRunAt !== null && subscription.nextRunAt <= at));

  return {
    list(): Result<SubscriptionView[]> {
      const all = store.list();
      return all.ok ? ok(all.value.map(view)) : all;
    },
    add(input: SubscriptionAdd): Result<SubscriptionView> {
      const link = parseLink(input.url);
      if (!link.ok) return link;
      const schedule = input.schedule ?? 'daily';
      return announce(
        store.add({
          url: link.value,
          kind: input.kind ?? guessSubscriptionKind(link.value),
          title: link.value,
          schedule,
          options: input.options ?? {},
          runCap: input.runCap ?? null,
          monthCap: input.monthCap ?? null,
          stopBelow: input.stopBelow ?? DEFAULT_STOP_BELOW,
          onlyAfter: input.onlyAfter ?? null,
          paused: input.paused ?? false,
          // The first run is due at once: the scheduler takes it at its next look.
          nextRunAt: schedule === 'off' ? null : now(),
        }),
      );
    },
    edit({ id, ...settings }: SubscriptionEdit): Result<SubscriptionView> {
      const current = store.get(id);
      if (!current.ok) return current;
      const schedule = settings.schedule ?? current.value.schedule;
      // A new schedule counts from now; so does a schedule turned on (off had no next run).
      const nextRunAt = settings.schedule === undefined || settings.schedule === current.value.schedule ? undefined : nextRunAfter(schedule, now());
      return announce(store.edit(id, settings, nextRunAt));
    },
    remove(id: number): Result<void> {
      const removed = store.remove(id);
      if (removed.ok) events.emit('subscription.removed', { id });
      return removed;
    },
    profileOf: (site: string, username: string) => store.profileOf(site, username),
    /** Runs one subscription now (paused or not), or, without an id, every one that is due. */
    run(id?: number): Promise<Result<SubscriptionRan[]>> {
      if (id !== undefined) {
        const exists = store.get(id);
        if (!exists.ok) return Promise.resolve(exists);
        return runUnderLock((all) => all.filter((subscription) => subscription.id === id));
      }
      const at = now();
      return runUnderLock((all) => all.filter((subscription) => isDue(subscription, at)));
    },
    /** Looks for due subscriptions every `everyMs` while the engine is open (the app, `trove serve`). */
    schedule(everyMs: number): void {
      // Each run records its own failure; another process running them now is no failure at
      // all (this one looks again later), so a pass's own result is not needed here.
      const look = (): void => void this.run();
      timer ??= setInterval(look, everyMs);
      timer.unref();
      look();
    },
    async close(): Promise<void> {
      clearInterval(timer);
      closing.abort();
      await pass;
    },
  };
}

export type Subscriptions = ReturnType<typeof createSubscriptions>;
