import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CommandInput, CommandName, CommandResult, Envelope, QueueHolder } from '../shared/contract';
import type { ErrorInfo, Result } from '../shared/errors';
import { errorInfoOf } from '../shared/errors';
import type { Settings, SettingsPatch } from '../shared/settings';
import { reportingCharges, createServiceClient } from './api';
import type { ChargedCall, RetryOptions, ServiceClient } from './api';
import type { CommandHandlers } from './command-dispatch';
import { dispatchCommand } from './command-dispatch';
import {
  appCommands,
  creditCommands,
  grabCommands,
  jobCommands,
  keyCommands,
  libraryCommands,
  rebuildCommands,
  createSandboxSession,
  settingsCommands,
  subtitleCommands,
  subscriptionCommands,
} from './commands';
import type { DesktopActions, HandlerDeps, StartSandbox } from './commands';
import type { Core } from './core-api';
import type { CoreServices } from './core-services';
import { ChargedCallWatch, createBalanceAlerts, createCreditsMonitor, createLedger, createPriceLearner, createPriceTable } from './credits';
import { createBandwidthLimiter, fetchBytes } from './download';
import type { DownloadDeps } from './download';
import { defaultDownloadFolder } from './files';
import { EventBus } from './events';
import { createSubtitleRefusals, learningSubtitleSupport } from './site-support';
import {
  JobQueue,
  JobStore,
  createPlaylistRunner,
  createPostRunner,
  AnswerReuse,
  ResolutionCache,
  watchOtherWriters,
  startQueueOwnership,
} from './jobs';
import { closeDatabase, migrations, openOrSetAside, recordCleanClose } from './db';
import { libraryNoticeAtStart } from './library-notice';
import { createChangeFeed, createLibraryStore, createThumbnailCache } from './library';
import type { FfmpegInfo } from './media';
import { locateFfmpeg } from './media';
import type { KeyStore } from './secrets';
import { KEY_SERVICE_ENV_VAR, createKeyStore, keyProvider, redactSecrets } from './secrets';
import type { QueueOwnership } from './jobs';
import { openSettingsStore } from './settings';
import { createSubscriptionStore, createSubscriptions } from './subscriptions';
import { siteOfLink } from './credits';

export interface CoreOptions {
  dataDir: string;
  /** Applied on top of the stored settings for this process only (command-line flags). */
  settings?: SettingsPatch;
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  keyStore?: KeyStore;
  version?: string;
  /** Electron's version, given by the desktop face (the engine never imports Electron). */
  electronVersion?: string;
  now?: () => number;
  /** Delays of the queue's automatic retries of retryable failures (its length caps them). */
  retryDelaysMs?: readonly number[];
  /** The service client's own retries (attempts and backoff) per call. */
  clientRetry?: Partial<RetryOptions>;
  downloadTuning?: Omit<DownloadDeps, 'bandwidth' | 'connections'>;
  /** How often the balance is asked while jobs wait for a top-up. */
  creditsPollMs?: number;
  balanceDebounceMs?: number;
  /** Where downloads go when the settings name no folder. */
  defaultDownloadFolder?: string;
  /** false: jobs are recorded and acted on, but none runs (a command line query that does not wait). */
  startQueue?: boolean;
  /**
   * How often a Core waiting for another process's queue tries to take it over, and looks
   * for jobs other processes changed (default 500 ms).
   */
  queueLockPollMs?: number;
  /** Which face this is, for another process's messages about who runs the queue (default: the app). */
  face?: QueueHolder['face'];
  /** Open a file, show it in its folder, pick a folder: given by the desktop face only. */
  desktop?: DesktopActions;
  /** Starts the built-in sandbox for sandbox mode (`app.sandbox`); given by the faces that offer it. */
  startSandbox?: StartSandbox;
  /**
   * Run due subscriptions while the engine is open (the app, web mode), looking every
   * `everyMs` (default a minute); absent, they run only when asked (the CLI, for cron).
   */
  scheduleSubscriptions?: { everyMs?: number };
}

/** A start-up failure (e.g. a library from a newer Trove): nothing was changed. */
export class CoreStartError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const DATABASE_FILE = 'trove.db';

/** The engine: one object behind every face (Electron main, web mode, CLI). */
export async function createCore(options: CoreOptions): Promise<Core> {
  const now = options.now ?? Date.now;
  const env = options.env ?? process.env;
  // The library and the ledger are the user's business: a new data folder is theirs alone.
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const { store: storedSettings, rejected: settingsReset } = await openSettingsStore(options.dataDir, options.settings ?? {});
  // In sandbox mode the sandbox's service URL and key are laid over the stored ones.
  const sandbox = createSandboxSession(storedSettings, options.startSandbox);
  const { settings } = sandbox;
  const databasePath = join(options.dataDir, DATABASE_FILE);
  const hadDatabase = existsSync(databasePath);
  const opened = openOrSetAside(databasePath, { migrations, now });
  if (!opened.ok) throw new CoreStartError(opened.error.code, opened.error.message);
  const { db, setAside } = opened.value;
  const downloadFolder = (current: Settings): string => current.downloadFolder || options.defaultDownloadFolder || defaultDownloadFolder();
  const libraryNotice = await libraryNoticeAtStart({ setAside, hadDatabase, downloadFolder: downloadFolder(settings.get()) });

  const events = new EventBus();
  // TROVE_KEYCHAIN_SERVICE keeps a test run or a second profile away from the user's own entry.
  const keys = options.keyStore ?? createKeyStore({ env, ...(env[KEY_SERVICE_ENV_VAR] ? { service: env[KEY_SERVICE_ENV_VAR] } : {}) });
  const seenKeys = new Set<string>();
  const getKey = keyProvider(keys);
  const rememberingKey = async (): Promise<string | undefined> => {
    const key = sandbox.key() ?? (await getKey());
    if (key) seenKeys.add(key); // only to redact it from any text that leaves the engine
    return key;
  };

  const chargedCalls = new ChargedCallWatch();
  const clientFor = (current: Settings, provider: () => Promise<string | undefined>): ServiceClient =>
    createServiceClient({
      baseUrl: current.serviceUrl,
      apiVersion: current.apiVersion,
      language: current.language,
      getKey: provider,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.clientRetry ? { retry: options.clientRetry } : {}),
      // Called only once a call answers, when the monitor below exists.
      onOutOfCredits: () => credits.outOfCredits(),
      chargedCalls: {
        // Called only once a charged call is made, when the monitor below exists.
        ready: () => learner.opening(() => credits.refresh()),
        started: () => chargedCalls.started(),
        ended: () => chargedCalls.ended(),
      },
    });
  let cachedClient: { signature: string; client: ServiceClient } | undefined;
  const client = (): ServiceClient => {
    const current = settings.get();
    const signature = `${current.serviceUrl}\n${current.apiVersion}\n${current.language}`;
    if (cachedClient?.signature !== signature) cachedClient = { signature, client: clientFor(current, rememberingKey) };
    return cachedClient.client;
  };

  let ffmpegLookup: { setting: string; result: Promise<Result<FfmpegInfo, ErrorInfo>> } | undefined;
  const ffmpeg = (lookup: { fresh?: boolean } = {}): Promise<Result<FfmpegInfo, ErrorInfo>> => {
    const setting = settings.get().ffmpegPath;
    if (lookup.fresh === true || ffmpegLookup?.setting !== setting) {
      ffmpegLookup = {
        setting,
        result: locateFfmpeg({ setting, env }).then((found) =>
          found.ok ? found : { ok: false, error: errorInfoOf(found.error) },
        ),
      };
    }
    return ffmpegLookup.result;
  };

  const ledger = createLedger(db, { now });
  const alerts = createBalanceAlerts(db, { now });
  const prices = createPriceTable(db, { now });
  const subtitleRefusals = createSubtitleRefusals(db, { now });
  const learner = createPriceLearner({ ledger, prices, watch: chargedCalls });
  const credits = createCreditsMonitor({
    client,
    alerts,
    learner,
    events,
    now,
    ...(options.balanceDebounceMs !== undefined ? { debounceMs: options.balanceDebounceMs } : {}),
    // Called only after a balance query answers, when the queue below exists.
    onTopUp: () => queue.resume(undefined, 'out_of_credits'),
  });
  // The one place a charged call becomes a ledger row; the balance is then asked again.
  const recordCharge =
    (jobId: number | undefined) =>
    ({ endpoint, link }: ChargedCall): void => {
      const entry = ledger.record({ endpoint, link, ...(jobId !== undefined ? { jobId } : {}) });
      if (entry.ok) credits.charged(entry.value.id);
    };
  const redact = (text: string): string => redactSecrets(text, [...seenKeys, env['TROVE_API_KEY']]);

  // What the library changed, by this process or another, goes out as library.changed.
  const libraryChanges = createChangeFeed(db, (change) => events.emit('library.changed', change));
  const services: CoreServices = {
    dataDir: options.dataDir,
    now,
    db,
    events,
    settings,
    settingsReset,
    keys,
    client: (forJob) => learningSubtitleSupport(reportingCharges(client(), recordCharge(forJob?.jobId)), subtitleRefusals),
    clientWithKey: (provider, serviceUrl) => reportingCharges(clientFor({ ...settings.get(), ...(serviceUrl ? { serviceUrl } : {}) }, provider), recordCharge(undefined)),
    jobs: new JobStore(db, now),
    library: createLibraryStore(db, { now, onChange: () => libraryChanges.soon() }),
    thumbnails: createThumbnailCache({
      db,
      dataDir: options.dataDir,
      now,
      fetchBytes: (url, headers) => fetchBytes(url, { ...(headers ? { headers } : {}), maxBytes: 10 * 1024 * 1024 }),
    }),
    ledger,
    prices,
    subtitleRefusals,
    alerts,
    credits,
    resolutions: new ResolutionCache(now),
    answers: new AnswerReuse(now),
    bandwidth: createBandwidthLimiter(settings.get().speedLimit),
    downloadTuning: options.downloadTuning ?? {},
    ffmpeg,
    downloadFolder,
    libraryNotice,
    redact,
  };

  const queue = new JobQueue({
    store: services.jobs,
    events,
    concurrency: () => settings.get().concurrency,
    runPost: createPostRunner(services),
    runPlaylist: createPlaylistRunner(services),
    retryDelaysMs: options.retryDelaysMs ?? [30_000, 120_000],
    now,
  });
  events.on('queue.paused', ({ reason }) => {
    if (reason === 'out_of_credits') credits.watchForTopUp(options.creditsPollMs ?? 30_000);
  });

  const subscriptions = createSubscriptions({
    store: createSubscriptionStore(db, { now }),
    events,
    dataDir: options.dataDir,
    client: () => services.client(),
    services,
    pagePrice: (link) => prices.get({ operation: 'playlist', site: siteOfLink(link) })?.credits,
    now,
    queued: (jobIds) => {
      for (const id of jobIds) {
        const job = services.jobs.get(id);
        if (job) events.emit('job.updated', queue.viewOf(job));
      }
      queue.pump();
    },
  });

  let ownership: QueueOwnership | undefined;
  let otherWriters: { stop(): void } | undefined;
  const deps: HandlerDeps = {
    services,
    queue,
    version: options.version ?? 'dev',
    electronVersion: options.electronVersion,
    env,
    desktop: options.desktop,
    sandbox,
    queueRunner: () => ownership?.runner() ?? { holder: null, elsewhere: false, unavailable: null },
  };
  const handlers: CommandHandlers = {
    ...appCommands(deps),
    ...settingsCommands(deps),
    ...keyCommands(deps),
    ...grabCommands(deps),
    ...jobCommands(deps),
    ...libraryCommands(deps),
    ...rebuildCommands(deps),
    ...subtitleCommands(deps),
    ...creditCommands(deps),
    ...subscriptionCommands(subscriptions),
  };
  let closed: Promise<void> | undefined;
  const runQueue = async (): Promise<void> => {
    // Jobs an earlier run held for a missing key go on when a key can be read now (set since
    // in the keychain by another face, or in the environment); without one they stay held.
    const heldForKey = services.jobs.list(['paused']).some((job) => job.pauseReason === 'key_required');
    // (a keychain that cannot be read now leaves them held: it is asked again when they run)
    if (heldForKey && (await rememberingKey().catch(() => undefined))) queue.resume(undefined, 'key_required');
    if (closed) return; // closed while the keychain answered
    queue.start();
  };
  const pollMs = options.queueLockPollMs ?? 500;
  // Only one process runs a data folder's jobs (see queue-lock); another that wants to takes
  // over when that one ends, and meanwhile follows the jobs it runs.
  if (options.startQueue !== false) {
    // Jobs another process adds or runs are committed by its own connection: announced
    // here too, and the queue (if it runs here) looks for work again. So are the library
    // changes it logged (a post removed with the CLI while the app is open).
    otherWriters = watchOtherWriters({
      db,
      store: services.jobs,
      events,
      viewOf: (job) => queue.viewOf(job),
      onChange: () => {
        queue.pump();
        libraryChanges.check();
      },
      pollMs,
      now,
    });
    ownership = await startQueueOwnership({ dataDir: options.dataDir, face: options.face ?? 'app', events, pollMs, now, run: runQueue });
  }
  if (options.scheduleSubscriptions) subscriptions.schedule(options.scheduleSubscriptions.everyMs ?? 60_000);

  const dispatch = (name: CommandName, input: unknown): Promise<Envelope<unknown>> => dispatchCommand(handlers, name, input, redact);
  return {
    dataDir: options.dataDir,
    settingsReset,
    libraryNotice,
    runsQueue: () => ownership?.runsQueue() ?? false,
    dispatch,
    call: <N extends CommandName>(name: N, input: CommandInput<N>) => dispatch(name, input) as Promise<Envelope<CommandResult<N>>>,
    on: (name, listener) => events.on(name, listener),
    onAny: (listener) => events.onAny(listener),
    idle: () => queue.idle(),
    settleBalance: () => credits.settle(),
    close() {
      closed ??= (async () => {
        ownership?.stop();
        otherWriters?.stop();
        await subscriptions.close();
        await queue.close();
        ownership?.release();
        credits.close();
        closeDatabase(db);
        recordCleanClose(databasePath);
        await sandbox.close();
      })();
      return closed;
    },
  };
}
