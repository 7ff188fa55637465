import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import { downloadOptionsSchema } from '../../shared/jobs';
import type { SubscriptionKind, SubscriptionOutcome, SubscriptionRun, SubscriptionSettings } from '../../shared/subscriptions';
import { stopBelowSchema, subscriptionOutcomeSchema, subscriptionScheduleSchema } from '../../shared/subscriptions';
import type { Db } from '../db';
import { guardDb } from '../db';

/** A subscription as stored, with the run under way if any. */
export interface SubscriptionRecord extends SubscriptionSettings {
  id: number;
  url: string;
  kind: SubscriptionKind;
  title: string;
  username?: string;
  site?: string;
  createdAt: number;
  nextRunAt: number | null;
  lastRun: SubscriptionRun | null;
  /** The run under way or cut short: where it goes on from and what it did so far. */
  current: RunProgress | null;
}

export interface RunProgress {
  startedAt: number;
  cursor?: string;
  pages: number;
  found: number;
  cost: number;
  /** The balance after the last page paid for (or before the first): the next drop is measured from it. */
  balance?: number;
}

export interface NewSubscription extends SubscriptionSettings {
  url: string;
  kind: SubscriptionKind;
  title: string;
  nextRunAt: number | null;
}

interface Row {
  id: number;
  url: string;
  kind: SubscriptionKind;
  title: string;
  username: string | null;
  site: string | null;
  schedule: string;
  options: string;
  run_cap: number | null;
  month_cap: number | null;
  stop_below: number;
  only_after: number | null;
  paused: number;
  created_at: number;
  next_run_at: number | null;
  run_started_at: number | null;
  run_cursor: string | null;
  run_pages: number;
  run_found: number;
  run_cost: number;
  run_balance: number | null;
  last_at: number | null;
  last_pages: number | null;
  last_found: number | null;
  last_cost: number | null;
  last_outcome: string | null;
  last_message: string | null;
}

const SELECT = `
  SELECT s.*, r.ended_at AS last_at, r.pages AS last_pages, r.found AS last_found, r.cost AS last_cost,
         r.outcome AS last_outcome, r.message AS last_message
    FROM subscriptions s
    LEFT JOIN subscription_runs r ON r.id = (SELECT MAX(id) FROM subscription_runs WHERE subscription_id = s.id)`;

function lastRunOf(row: Row): SubscriptionRun | null {
  if (row.last_at === null) return null;
  const outcome = subscriptionOutcomeSchema.safeParse(row.last_outcome);
  return {
    at: row.last_at,
    found: row.last_found ?? 0,
    pages: row.last_pages ?? 0,
    cost: row.last_cost ?? 0,
    outcome: outcome.success ? outcome.data : 'failed',
    ...(row.last_message ? { message: row.last_message } : {}),
  };
}

function fromRow(row: Row): SubscriptionRecord {
  const options = downloadOptionsSchema.safeParse(JSON.parse(row.options));
  const stopBelow = stopBelowSchema.safeParse(row.stop_below);
  return {
    id: row.id,
    url: row.url,
    kind: row.kind,
    title: row.title,
    ...(row.username ? { username: row.username } : {}),
    ...(row.site ? { site: row.site } : {}),
    schedule: subscriptionScheduleSchema.catch('off').parse(row.schedule),
    // A row an older or newer Trove wrote with options this one cannot read downloads with the defaults.
    options: options.success ? options.data : {},
    runCap: row.run_cap,
    monthCap: row.month_cap,
    stopBelow: stopBelow.success ? stopBelow.data : 100,
    onlyAfter: row.only_after,
    paused: row.paused === 1,
    createdAt: row.created_at,
    nextRunAt: row.next_run_at,
    lastRun: lastRunOf(row),
    current:
      row.run_started_at === null
        ? null
        : {
            startedAt: row.run_started_at,
            ...(row.run_cursor ? { cursor: row.run_cursor } : {}),
            pages: row.run_pages,
            found: row.run_found,
            cost: row.run_cost,
            ...(row.run_balance !== null ? { balance: row.run_balance } : {}),
          },
  };
}

const settingsColumns = (settings: Partial<SubscriptionSettings>): Record<string, unknown> => {
  const columns: Record<string, unknown> = {};
  if (settings.schedule !== undefined) columns['schedule'] = settings.schedule;
  if (settings.options !== undefined) columns['options'] = JSON.stringify(settings.options);
  if (settings.runCap !== undefined) columns['run_cap'] = settings.runCap;
  if (settings.monthCap !== undefined) columns['month_cap'] = settings.monthCap;
  if (settings.stopBelow !== undefined) columns['stop_below'] = settings.stopBelow;
  if (settings.onlyAfter !== undefined) columns['only_after'] = settings.onlyAfter;
  if (settings.paused !== undefined) columns['paused'] = settings.paused ? 1 : 0;
  return columns;
};

const notFound = (id: number): Result<never> => err({ code: 'not_found', message: `There is no subscription ${id}.` });

/** The subscriptions table and its runs: every read and write of the area goes through here. */
export function createSubscriptionStore(db: Db, { now }: { readonly now: () => number }) {
  const byId = db.prepare<[number], Row>(`${SELECT} WHERE s.id = ?`);
  const all = db.prepare<[], Row>(`${SELECT} ORDER BY s.title COLLATE NOCASE, s.id`);
  const byUrl = db.prepare<[string], { id: number }>('SELECT id FROM subscriptions WHERE url = ?');
  const spentSince = db.prepare<[number, number], { cost: number | null }>(
    'SELECT SUM(cost) AS cost FROM subscription_runs WHERE subscription_id = ? AND started_at >= ?',
  );
  const profileOf = db.prepare<[string, string], { url: string; subscription: number | null }>(
    `SELECT p.url, s.id AS subscription FROM profiles p LEFT JOIN subscriptions s ON s.url = p.url
      WHERE p.site = ? AND p.username = ? ORDER BY s.id IS NULL, p.id DESC LIMIT 1`,
  );
  const read = (id: number): Result<SubscriptionRecord> => {
    const row = guardDb(() => byId.get(id));
    if (!row.ok) return row;
    return row.value ? ok(fromRow(row.value)) : notFound(id);
  };
  const update = (id: number, columns: Record<string, unknown>): Result<SubscriptionRecord> => {
    const names = Object.keys(columns);
    if (names.length > 0) {
      const changed = guardDb(() => db.prepare(`UPDATE subscriptions SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`).run({ ...columns, id }));
      if (!changed.ok) return changed;
      if (changed.value.changes === 0) return notFound(id);
    }
    return read(id);
  };

  return {
    get: read,
    list: (): Result<SubscriptionRecord[]> => guardDb(() => all.all().map(fromRow)),
    add(subscription: NewSubscription): Result<SubscriptionRecord> {
      const existing = guardDb(() => byUrl.get(subscription.url));
      if (!existing.ok) return existing;
      if (existing.value) return err({ code: 'duplicate', message: `You already follow ${subscription.url}.`, detail: { id: existing.value.id } });
      const inserted = guardDb(() =>
        db
          .prepare(
            `INSERT INTO subscriptions (url, kind, title, schedule, options, run_cap, month_cap, stop_below, only_after, paused, created_at, next_run_at)
             VALUES (@url, @kind, @title, @schedule, @options, @run_cap, @month_cap, @stop_below, @only_after, @paused, @now, @nextRunAt)`,
          )
          .run({ url: subscription.url, kind: subscription.kind, title: subscription.title, nextRunAt: subscription.nextRunAt, now: now(), ...settingsColumns(subscription) }),
      );
      return inserted.ok ? read(Number(inserted.value.lastInsertRowid)) : inserted;
    },
    edit: (id: number, settings: Partial<SubscriptionSettings>, nextRunAt?: number | null): Result<SubscriptionRecord> =>
      update(id, { ...settingsColumns(settings), ...(nextRunAt !== undefined ? { next_run_at: nextRunAt } : {}) }),
    remove(id: number): Result<void> {
      const removed = guardDb(() => db.prepare('DELETE FROM subscriptions WHERE id = ?').run(id));
      if (!removed.ok) return removed;
      return removed.value.changes === 0 ? notFound(id) : ok(undefined);
    },
    /** The creator or playlist as the service named it on a page. */
    name: (id: number, names: { title: string; username?: string; site?: string }): Result<SubscriptionRecord> =>
      update(id, { title: names.title, username: names.username ?? null, site: names.site ?? null }),
    /**
     * Starts a run, or takes up the one a crash or a restart cut short (the caller holds the
     * runs' lock, so no other process is in it) and says where it stands.
     */
    start(id: number): Result<RunProgress> {
      const started = guardDb(() => db.prepare('UPDATE subscriptions SET run_started_at = COALESCE(run_started_at, ?) WHERE id = ?').run(now(), id));
      if (!started.ok) return started;
      const record = read(id);
      if (!record.ok) return record;
      return record.value.current ? ok(record.value.current) : notFound(id);
    },
    /** After a page: where the run goes on from and its totals (call inside the page's transaction). */
    progress(id: number, progress: Omit<RunProgress, 'startedAt'>): void {
      db.prepare(
        `UPDATE subscriptions SET run_cursor = @cursor, run_pages = @pages, run_found = @found, run_cost = @cost,
           run_balance = @balance WHERE id = @id`,
      ).run({ id, cursor: progress.cursor ?? null, pages: progress.pages, found: progress.found, cost: progress.cost, balance: progress.balance ?? null });
    },
    /** Records the finished run and clears the run under way, in one transaction. */
    finish(id: number, run: { outcome: SubscriptionOutcome; message?: string }, nextRunAt: number | null): Result<SubscriptionRecord> {
      const done = guardDb(() =>
        db.transaction(() => {
          const row = byId.get(id);
          if (!row) return;
          db.prepare(
            `INSERT INTO subscription_runs (subscription_id, started_at, ended_at, pages, found, cost, outcome, message)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          ).run(id, row.run_started_at ?? now(), now(), row.run_pages, row.run_found, row.run_cost, run.outcome, run.message ?? null);
          db.prepare(
            `UPDATE subscriptions SET run_started_at = NULL, run_cursor = NULL, run_pages = 0, run_found = 0, run_cost = 0,
               run_balance = NULL, next_run_at = ? WHERE id = ?`,
          ).run(nextRunAt, id);
        })(),
      );
      return done.ok ? read(id) : done;
    },
    /** The profile link the library knows for an author, and the subscription that follows it if any. */
    profileOf(site: string, username: string): Result<{ url: string | null; subscriptionId: number | null }> {
      return guardDb(() => {
        const row = profileOf.get(site, username);
        return { url: row?.url ?? null, subscriptionId: row?.subscription ?? null };
      });
    },
    /** Credits the finished runs of a subscription spent since `from` (ms). */
    spentSince(id: number, from: number): Result<number> {
      return guardDb(() => spentSince.get(id, from)?.cost ?? 0);
    },
    transaction: <T>(run: () => T): T => db.transaction(run)(),
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
