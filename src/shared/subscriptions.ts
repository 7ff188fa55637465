import { z } from 'zod';
import { BALANCE_ALERT_THRESHOLDS } from './credits';
import { downloadOptionsSchema } from './jobs';

/** How often a subscription looks for new posts; `off` runs only when asked. */
export const SUBSCRIPTION_SCHEDULES = ['off', 'hourly', '6h', 'daily', 'weekly'] as const;
export const subscriptionScheduleSchema = z.enum(SUBSCRIPTION_SCHEDULES);
export type SubscriptionSchedule = z.infer<typeof subscriptionScheduleSchema>;

const HOUR_MS = 3_600_000;
/** The interval of each schedule (none for `off`). */
export const SCHEDULE_INTERVAL_MS: Readonly<Record<SubscriptionSchedule, number | undefined>> = {
  off: undefined,
  hourly: HOUR_MS,
  '6h': 6 * HOUR_MS,
  daily: 24 * HOUR_MS,
  weekly: 7 * 24 * HOUR_MS,
};

export const subscriptionKindSchema = z.enum(['profile', 'playlist']);
export type SubscriptionKind = z.infer<typeof subscriptionKindSchema>;

/** The balance thresholds a run may be told to stop below: the service's alert thresholds. */
export const stopBelowSchema = z.union(BALANCE_ALERT_THRESHOLDS.map((threshold) => z.literal(threshold)) as unknown as [
  z.ZodLiteral<(typeof BALANCE_ALERT_THRESHOLDS)[number]>,
  ...Array<z.ZodLiteral<(typeof BALANCE_ALERT_THRESHOLDS)[number]>>,
]);
export const DEFAULT_STOP_BELOW = 100;

/**
 * How a run ended: `done` (it met a post already in the library, or the list's end), a cap
 * (`run_cap`, `month_cap`), `low_balance` (the balance fell below the chosen threshold),
 * `failed` (the service or the disk refused: see the message).
 */
export const subscriptionOutcomeSchema = z.enum(['done', 'run_cap', 'month_cap', 'low_balance', 'failed']);
export type SubscriptionOutcome = z.infer<typeof subscriptionOutcomeSchema>;

const creditCapSchema = z.number().finite().positive().max(1_000_000);

/** What the user chooses for a subscription (every field but the link can be edited). */
export const subscriptionSettingsSchema = z
  .object({
    schedule: subscriptionScheduleSchema,
    options: downloadOptionsSchema,
    /** Credits one run may spend; none = no cap. */
    runCap: creditCapSchema.nullable(),
    /** Credits all runs of a calendar month may spend; none = no cap. */
    monthCap: creditCapSchema.nullable(),
    /** A run stops once the balance is below this alert threshold. */
    stopBelow: stopBelowSchema,
    /** Only posts published after this time (ms) are taken: on the first run it keeps the backlog out, and it stays as the floor. */
    onlyAfter: z.number().int().nonnegative().nullable(),
    paused: z.boolean(),
  })
  .strict();
export type SubscriptionSettings = z.infer<typeof subscriptionSettingsSchema>;

export const subscriptionEditSchema = subscriptionSettingsSchema.partial().extend({ id: z.number().int().positive() }).strict();
export type SubscriptionEdit = z.infer<typeof subscriptionEditSchema>;

export const subscriptionRunSchema = z.object({
  at: z.number(),
  /** New posts queued. */
  found: z.number().int(),
  pages: z.number().int(),
  /** Credits the run's pages cost, from the free balance before and after. */
  cost: z.number(),
  outcome: subscriptionOutcomeSchema,
  /** Why a run stopped early or failed, in words. */
  message: z.string().optional(),
});
export type SubscriptionRun = z.infer<typeof subscriptionRunSchema>;

export const subscriptionViewSchema = subscriptionSettingsSchema.extend({
  id: z.number().int(),
  url: z.string(),
  kind: subscriptionKindSchema,
  /** The creator or playlist as the service names it, once a run has read it (else the link). */
  title: z.string(),
  username: z.string().optional(),
  site: z.string().optional(),
  createdAt: z.number(),
  lastRun: subscriptionRunSchema.nullable(),
  /** When the scheduler runs it next; null when off or paused. */
  nextRunAt: z.number().nullable(),
  /** True while a run is under way (or was cut short and resumes at the next run). */
  running: z.boolean(),
  /** Credits spent this calendar month. */
  monthSpent: z.number(),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** What one run did, for the notification "3 new posts from @creator". */
export const subscriptionRanSchema = z.object({ id: z.number().int(), title: z.string(), username: z.string().optional(), run: subscriptionRunSchema });
export type SubscriptionRan = z.infer<typeof subscriptionRanSchema>;
