import { z } from 'zod';
import type { CommandName, EventName } from './contract-names';
import { costKindSchema, learnedPriceSchema, ledgerActionSchema } from './credits';
import { diagnosticsSchema } from './diagnostics';
import { errorCodeSchema } from './error-codes';
import type { ErrorInfo } from './errors';
import { downloadOptionsSchema, jobStateSchema, jobViewSchema, pauseReasonSchema } from './jobs';
import { libraryChangeSchema, libraryDetailSchema, libraryItemSchema, libraryQuerySchema } from './library';
import { libraryNoticeSchema, rebuildInputSchema, rebuildProgressSchema, rebuildReportSchema } from './library-rebuild';
import { keyStatusSchema } from './key-status';
import { playlistPageSchema, postSchema } from './post';
import { saidQuerySchema, saidResultSchema } from './said';
import { settingsPatchSchema, settingsSchema } from './settings';
import { cueSchema, subtitleRefusalSchema, subtitleResultSchema } from './subtitles';
import { subscriptionEditSchema, subscriptionKindSchema, subscriptionRanSchema, subscriptionSettingsSchema, subscriptionViewSchema } from './subscriptions';

/*
 * The contract: every command (name → input schema → result schema) and every event
 * (name → payload schema) is declared here once, for the names listed in contract-names.ts.
 * The Core implements it, the Electron main process, the preload bridge, the web-mode server
 * and the renderer's transports are all derived from these. A channel name is never typed twice.
 *
 * Inputs are strict (unknown keys rejected): they come from a less trusted process.
 */

const noInput = z.object({}).strict();

export interface CommandSpec<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly result: R;
}

const command = <I extends z.ZodType, R extends z.ZodType>(input: I, result: R): CommandSpec<I, R> => ({
  input,
  result,
});

export { keyStatusSchema, type KeyStatus } from './key-status';

/** The built-in sandbox as a service for this session (first run, sandbox mode): sample media only. */
export const sandboxStatusSchema = z.object({ active: z.boolean(), url: z.string().optional() });
export type SandboxStatus = z.infer<typeof sandboxStatusSchema>;

/** What the face can do beyond the contract's data: the UI hides what is missing (web mode, CLI). */
export const appCapabilitiesSchema = z.object({
  openPath: z.boolean(),
  showInFolder: z.boolean(),
  pickFolder: z.boolean(),
  sandbox: z.boolean(),
});
export type AppCapabilities = z.infer<typeof appCapabilitiesSchema>;

/** A process that runs a data folder's queue, as it describes itself (for messages only). */
export const queueHolderSchema = z.object({
  pid: z.number().int().positive(),
  /** The desktop app, web mode (`trove serve`, `npm run serve`) or a `trove` command. */
  face: z.enum(['app', 'web', 'cli']),
  startedAt: z.number(),
});
export type QueueHolder = z.infer<typeof queueHolderSchema>;

/** Who runs the jobs of this data folder (one process at a time does). */
export const queueRunnerSchema = z.object({
  /** Null while this process runs them; the other process otherwise (null too if it wrote no note yet). */
  holder: queueHolderSchema.nullable(),
  /** True while another process runs them and this one waits to take over when it ends. */
  elsewhere: z.boolean(),
  /** Why the queue cannot be reserved for one process in this data folder (read-only, no file locks), if so. */
  unavailable: z.string().nullable(),
});
export type QueueRunner = z.infer<typeof queueRunnerSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  ffmpeg: z.object({ path: z.string(), version: z.string() }).nullable(),
  capabilities: appCapabilitiesSchema,
  sandbox: sandboxStatusSchema,
  /**
   * Settings that could not be read back at start-up and are at their defaults for now: their
   * names, or 'settings.json' when the whole file was unreadable (it is renamed aside at the
   * first save, never overwritten).
   */
  settingsReset: z.array(z.string()),
  /** The library was corrupt (moved aside) or missing at start-up: the faces offer the rebuild. */
  libraryNotice: libraryNoticeSchema.optional(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/** A link as a user types it: trimmed, bounded; the Core checks scheme and shape. */
const linkSchema = z.string().trim().min(1, 'Paste a link first.').max(4096, 'That link is too long.');
const idSchema = z.number().int().positive();
const idsSchema = z.object({ ids: z.array(idSchema).max(10_000).optional() }).strict();

export const balanceSchema = z.object({
  availableCredits: z.number(),
  /** When the service last answered with this number. */
  checkedAt: z.number(),
  /** Set when the latest check failed: the number is then old, and every face says so. */
  refreshFailed: z.object({ code: errorCodeSchema, at: z.number() }).optional(),
});
export type Balance = z.infer<typeof balanceSchema>;

/**
 * What a pasted link turned out to be. `duplicate` is answered from the library before
 * any charged call; `resolutionId` names the extracted result held by the Core, so a
 * download that follows a preview does not pay for the same extraction again.
 */
export const grabResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('duplicate'), item: libraryItemSchema }),
  z.object({
    kind: z.literal('post'),
    resolutionId: z.string(),
    post: postSchema,
    charged: z.boolean(),
    libraryId: z.number().int().optional(),
    /** Set when this is an answer paid for earlier and shown again free: when it was paid for (epoch ms). */
    reusedFrom: z.number().int().optional(),
  }),
  z.object({
    kind: z.literal('playlist'),
    resolutionId: z.string(),
    page: playlistPageSchema,
    charged: z.boolean(),
    /** Index of a post on this page → the library item it already is. */
    inLibrary: z.record(z.string(), z.number().int()),
    /** Set when this page was paid for earlier and is shown again free: when it was paid for (epoch ms). */
    reusedFrom: z.number().int().optional(),
  }),
  /**
   * A profile or playlist Trove has seen before, answered from the library at no charge: its
   * facts as last stored, and the library's newest posts of it (by its username and site).
   */
  z.object({
    kind: z.literal('profile'),
    profile: z.object({
      site: z.string().optional(),
      username: z.string().optional(),
      displayName: z.string().optional(),
      postCount: z.number().int().optional(),
      /** When a page of it was last bought and stored (epoch ms). */
      lastVisitAt: z.number().int(),
    }),
    /** Absent for a playlist: its posts cannot be told apart from others in the library. */
    library: z.object({ items: z.array(libraryItemSchema), total: z.number().int() }).optional(),
  }),
]);
export type GrabResult = z.infer<typeof grabResultSchema>;

/**
 * One media item of a previewed post the user takes, with the variant chosen on the
 * preview: its place in the item's `variants` (a video's resolution, or an audio item's
 * language track). Without `variant`, the job's default rule chooses it, once.
 */
export const mediaPickSchema = z.object({ index: z.number().int().min(0), variant: z.number().int().min(0).optional() }).strict();
export type MediaPick = z.infer<typeof mediaPickSchema>;

/** A previewed post and the items taken from it (absent: every item; for a photo post, the images picked). */
export const postPickSchema = z
  .object({
    resolutionId: z.string().max(100),
    /** Which post of a page answer; absent for a post answer. */
    postIndex: z.number().int().min(0).optional(),
    media: z.array(mediaPickSchema).min(1).max(1000).optional(),
    /** A post already in the library is downloaded again, as a copy beside its files, only with this (the user confirmed). */
    again: z.boolean().optional(),
    /** This post's own options (a list of links chooses subtitles per post); they win over the call's. */
    options: downloadOptionsSchema.optional(),
  })
  .strict();
export type PostPick = z.infer<typeof postPickSchema>;

export const jobSourceSchema = z.discriminatedUnion('kind', [
  /** A link; extracted when the job runs (so it can wait without spending credits). */
  z.object({ kind: z.literal('link'), url: linkSchema, force: z.boolean().optional() }).strict(),
  /**
   * A post already extracted by grab.resolve, with the user's choices (a page answer without
   * `postIndex`: each of its posts). A post in the library already is refused (`duplicate`) unless picked `again`.
   */
  postPickSchema.extend({ kind: z.literal('resolved') }).strict(),
  /**
   * Chosen posts of one or more previews (a playlist selection, a list of links): one job per
   * post, in one call. Posts in the library already are left out (`inLibrary`) unless picked `again`.
   */
  z.object({ kind: z.literal('posts'), picks: z.array(postPickSchema).min(1).max(1000) }).strict(),
  /** A whole profile or playlist, page by page; `sync` stops at the first post already in the library. */
  z
    .object({
      kind: z.literal('playlist'),
      url: linkSchema,
      limit: z.number().int().positive().optional(),
      sync: z.boolean().optional(),
      /** A cost cap: the run stops, its place kept, before a page whose learned price would take it past this many credits. */
      maxCredits: z.number().positive().max(1_000_000_000).optional(),
    })
    .strict(),
]);
export type JobSource = z.infer<typeof jobSourceSchema>;

export const subtitleSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('resolution'), resolutionId: z.string().max(100), languageTag: z.string().max(35) }).strict(),
  z.object({ kind: z.literal('library'), postId: idSchema, languageTag: z.string().max(35) }).strict(),
]);

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** The API call, e.g. "v1 POST /extract/post" (the CSV keeps it beside the description). */
  endpoint: z.string(),
  url: z.string(),
  at: z.number(),
  action: ledgerActionSchema,
  /** Host of the link, e.g. video.example. */
  site: z.string(),
  /** The post's title or the profile's name, where Trove knows it (a job, the library). */
  title: z.string().optional(),
  costKind: costKindSchema,
  /** Exact, or the estimate when approximate; absent when unknown. */
  cost: z.number().optional(),
  /** When approximate: the cost lies within [costLow, costHigh]. */
  costLow: z.number().optional(),
  costHigh: z.number().optional(),
  /** Only where it is true: the last call before a clean balance answer. */
  balanceAfter: z.number().optional(),
  jobId: z.number().int().optional(),
});

/** A file of a library post, named by the post and the path the library recorded for it. */
const libraryFileInput = z.object({ postId: idSchema, path: z.string().min(1).max(4096) }).strict();

/** Following a link: its settings default to a daily schedule, no caps, stop below 100 credits. */
export const subscriptionAddSchema = subscriptionSettingsSchema.partial().extend({ url: linkSchema, kind: subscriptionKindSchema.optional() }).strict();
export type SubscriptionAdd = z.infer<typeof subscriptionAddSchema>;

export const commands = {
  'app.info': command(noInput, appInfoSchema),
  /** Opens a downloaded media or subtitle file with the system's default app (desktop only). */
  'app.openPath': command(libraryFileInput, z.object({})),
  /** Shows a downloaded file in the system's file manager (desktop only). */
  'app.showInFolder': command(libraryFileInput, z.object({})),
  /** The system's folder picker (desktop only); no `path` when the user cancelled. */
  'app.pickFolder': command(z.object({ defaultPath: z.string().max(4096).optional() }).strict(), z.object({ path: z.string().optional() })),
  /** Sandbox mode: the built-in sandbox as the service for this session, with its own key. */
  'app.sandbox': command(z.object({ enabled: z.boolean() }).strict(), sandboxStatusSchema),
  /** About this installation (`trove doctor`): versions, ffmpeg, keychain, folders, service; each problem with its fix. */
  'app.diagnostics': command(noInput, diagnosticsSchema),

  'key.status': command(noInput, keyStatusSchema),
  /**
   * Validates the key with the free credit query before storing it in the keychain. With
   * `serviceUrl` (first run) the key is checked against that address, and the address is
   * saved only when the check passes, so a failed check saves nothing.
   */
  'key.set': command(z.object({ key: z.string().trim().min(1).max(4096), serviceUrl: settingsSchema.shape.serviceUrl.optional() }).strict(), keyStatusSchema),
  'key.clear': command(noInput, keyStatusSchema),

  'settings.get': command(noInput, settingsSchema),
  'settings.update': command(settingsPatchSchema, settingsSchema),
  /** The file name a template gives for a sample post, or why the template is refused. */
  'settings.previewFileName': command(z.object({ template: z.string().max(1000) }).strict(), z.object({ name: z.string() })),
  /** Whether a service answers at this address (the free credit query), before the address is saved. */
  'settings.checkService': command(z.object({ serviceUrl: settingsSchema.shape.serviceUrl }).strict(), z.object({})),

  /**
   * Preview a link: a post, or one page of a profile/playlist (charged unless a duplicate, or a
   * post previewed moments ago, which is shown again free). `recheck` asks the service again (charged).
   */
  'grab.resolve': command(
    z.object({ url: linkSchema, cursor: z.string().max(10_000).optional(), force: z.boolean().optional(), recheck: z.boolean().optional() }).strict(),
    grabResultSchema,
  ),

  'jobs.add': command(
    z.object({ source: jobSourceSchema, options: downloadOptionsSchema.default({}) }).strict(),
    z.object({
      jobIds: z.array(z.number().int()),
      /** Picked posts of a batch (`posts`) left out because they are in the library already (not picked `again`): their library ids. */
      inLibrary: z.array(z.number().int()).optional(),
    }),
  ),
  'jobs.list': command(
    z.object({ states: z.array(jobStateSchema).max(8).optional() }).strict(),
    z.array(jobViewSchema),
  ),
  'jobs.pause': command(idsSchema, z.object({ changed: z.number().int() })),
  'jobs.resume': command(idsSchema, z.object({ changed: z.number().int() })),
  'jobs.cancel': command(idsSchema, z.object({ changed: z.number().int() })),
  'jobs.retry': command(idsSchema, z.object({ changed: z.number().int() })),
  'jobs.move': command(z.object({ id: idSchema, toIndex: z.number().int().min(0) }).strict(), z.object({ changed: z.number().int() })),
  'jobs.clear': command(
    z.object({ states: z.array(z.enum(['done', 'failed', 'canceled'])).max(3).optional() }).strict(),
    z.object({ removed: z.number().int() }),
  ),

  'library.search': command(libraryQuerySchema, z.object({ items: z.array(libraryItemSchema), total: z.number().int() })),
  'library.get': command(z.object({ id: idSchema }).strict(), libraryDetailSchema),
  /** What was said: the saved subtitles' cues that match, best first, with the match marked. */
  'library.said': command(saidQuerySchema, saidResultSchema),
  'library.remove': command(
    z.object({ id: idSchema, deleteFiles: z.boolean() }).strict(),
    z.object({ removedFiles: z.array(z.string()) }),
  ),
  /** Rebuilds the library from the files Trove wrote (their tags and sidecars); asks the service for nothing. */
  'library.rebuild': command(rebuildInputSchema, rebuildReportSchema),
  /** Stops a running rebuild: it records what it read and answers its report with `stopped` (false here: none was running). */
  'library.rebuildCancel': command(z.object({}).strict(), z.object({ stopped: z.boolean() })),

  /**
   * The subtitle tracks of a video (one charged call), by link or for a library post. A video
   * listed before in this session is shown again free (`reusedFrom`); `recheck` asks again (charged).
   */
  'subtitles.list': command(
    z.union([
      z.object({ url: linkSchema, recheck: z.boolean().optional() }).strict(),
      z.object({ postId: idSchema, recheck: z.boolean().optional() }).strict(),
    ]),
    z.object({
      resolutionId: z.string(),
      result: subtitleResultSchema,
      charged: z.boolean(),
      reusedFrom: z.number().int().optional(),
      /** The library post this video is, when it is one (a link to a downloaded video): its player, saved tracks and embedding apply. */
      postId: idSchema.optional(),
    }),
  ),
  'subtitles.cues': command(z.object({ source: subtitleSourceSchema }).strict(), z.array(cueSchema)),
  /** The sites where the service refused to list subtitles (learned from its answers): Grab does not offer subtitles there. */
  'subtitles.refusals': command(noInput, z.object({ refusals: z.array(subtitleRefusalSchema) })),
  'subtitles.save': command(
    z
      .object({
        resolutionId: z.string().max(100),
        languageTags: z.array(z.string().max(35)).min(1).max(50),
        format: z.enum(['srt', 'vtt', 'original']),
        postId: idSchema.optional(),
        folder: z.string().max(4096).optional(),
        embed: z.boolean().optional(),
      })
      .strict(),
    z.object({ paths: z.array(z.string()), embeddedInto: z.string().optional(), embedError: z.string().optional() }),
  ),

  'credits.get': command(z.object({ refresh: z.boolean().optional() }).strict(), balanceSchema),
  'credits.ledger': command(
    z.object({ days: z.number().int().min(1).max(3650).default(30) }).strict(),
    z.object({
      entries: z.array(ledgerEntrySchema),
      byDay: z.array(
        z.object({
          day: z.string(),
          calls: z.number().int(),
          /** Credits spent: exact and approximate costs summed (unknown ones are not in it). */
          cost: z.number(),
          approximateCalls: z.number().int(),
          unpricedCalls: z.number().int(),
        }),
      ),
    }),
  ),
  'credits.exportCsv': command(noInput, z.object({ csv: z.string() })),
  'credits.prices': command(noInput, z.object({ prices: z.array(learnedPriceSchema) })),

  'queue.runner': command(noInput, queueRunnerSchema),

  'subscriptions.list': command(noInput, z.object({ subscriptions: z.array(subscriptionViewSchema) })),
  /** Follow a profile or playlist: its first run is due at once unless the schedule is off. */
  'subscriptions.add': command(subscriptionAddSchema, subscriptionViewSchema),
  'subscriptions.edit': command(subscriptionEditSchema, subscriptionViewSchema),
  'subscriptions.remove': command(z.object({ id: idSchema }).strict(), z.object({})),
  /** Runs one subscription now, or every one that is due (for cron); charged one call per page read. */
  'subscriptions.run': command(z.object({ id: idSchema.optional() }).strict(), z.object({ runs: z.array(subscriptionRanSchema) })),
  /** The profile link the library knows for an author (from a profile opened or followed before), to follow them from the Library. */
  'subscriptions.profileOf': command(
    z.object({ site: z.string().min(1).max(200), username: z.string().min(1).max(200) }).strict(),
    z.object({ url: z.string().nullable(), subscriptionId: z.number().int().nullable() }),
  ),
} as const satisfies Record<CommandName, CommandSpec>;

export const events = {
  'job.updated': jobViewSchema,
  'job.removed': z.object({ id: z.number().int() }),
  'credits.changed': balanceSchema,
  'credits.alert': z.object({ threshold: z.number(), balance: z.number() }),
  'queue.paused': z.object({ reason: pauseReasonSchema, message: z.string() }),
  'queue.runner': queueRunnerSchema,
  'settings.changed': settingsSchema,
  'key.changed': keyStatusSchema,
  'library.changed': libraryChangeSchema,
  /** How far a running `library.rebuild` has read. */
  'library.rebuildProgress': rebuildProgressSchema,
  // Sent by the desktop face, not the Core: the user chose a link outside the window. From the
  // clipboard notification it is previewed at once, as if pasted (preview: true); from a trove://
  // link it only fills Grab's box (preview: false), since any page can send one. Web mode never sends it.
  'grab.requested': z.object({ url: linkSchema, preview: z.boolean() }),
  'subscription.updated': subscriptionViewSchema,
  'subscription.removed': z.object({ id: z.number().int() }),
  /** A run ended: what it found and cost, for "3 new posts from @creator". */
  'subscription.ran': subscriptionRanSchema,
} as const satisfies Record<EventName, z.ZodType>;

export type Commands = typeof commands;
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>;
export type CommandResult<N extends CommandName> = z.output<Commands[N]['result']>;

export type Events = typeof events;
export type EventPayload<N extends EventName> = z.output<Events[N]>;

export { COMMAND_NAMES, EVENT_NAMES, commandChannel, eventChannel, isCommandName, isEventName } from './contract-names';
export type { CommandName, EventName } from './contract-names';

/** What every transport returns for a command: a value, or an error as data. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** The API every face offers the renderer: one function per command, one subscription per event. */
export type TroveApi = {
  readonly [N in CommandName]: (input: CommandInput<N>) => Promise<Envelope<CommandResult<N>>>;
} & {
  readonly on: <N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void) => () => void;
};
