import type { ErrorInfo, Result } from '../shared/errors';
import type { LibraryNotice } from '../shared/library-rebuild';
import type { Settings } from '../shared/settings';
import type { ServiceClient } from './api';
import type { BalanceAlerts, CreditsMonitor, Ledger, PriceTable } from './credits';
import type { BandwidthLimiter, DownloadDeps } from './download';
import type { EventBus } from './events';
import type { AnswerReuse, JobStore, ResolutionCache } from './jobs';
import type { Db } from './db';
import type { LibraryStore, ThumbnailCache } from './library';
import type { FfmpegInfo } from './media';
import type { KeyStore } from './secrets';
import type { SettingsStore } from './settings';
import type { SubtitleRefusals } from './site-support';

/** Everything the command handlers and the pipeline stages share, built once by createCore. */
export interface CoreServices {
  readonly dataDir: string;
  readonly now: () => number;
  readonly db: Db;
  readonly events: EventBus;
  readonly settings: SettingsStore;
  /** Settings found unreadable at start-up, now at their defaults (AppInfo.settingsReset). */
  readonly settingsReset: readonly string[];
  /** The library was damaged (moved aside) or missing at start-up (AppInfo.libraryNotice). */
  readonly libraryNotice: LibraryNotice | undefined;
  readonly keys: KeyStore;
  /**
   * The client for the current settings (service URL, API version, language). Every call it
   * is charged for is recorded in the ledger, against `forJob` when a job makes it.
   */
  client(forJob?: { readonly jobId: number }): ServiceClient;
  /** A client for the current settings with another key provider (validating a new key). */
  /** A client with this key provider, at `serviceUrl` when given (a check before the address is saved). */
  clientWithKey(getKey: () => Promise<string | undefined>, serviceUrl?: string): ServiceClient;
  readonly jobs: JobStore;
  readonly library: LibraryStore;
  readonly thumbnails: ThumbnailCache;
  readonly ledger: Ledger;
  /** What each operation costs per site, learned from the free balance (unknown until seen). */
  readonly prices: PriceTable;
  /** Sites whose subtitle listing the service refused as unsupported: Grab does not offer subtitles there. */
  readonly subtitleRefusals: SubtitleRefusals;
  readonly alerts: BalanceAlerts;
  readonly credits: CreditsMonitor;
  readonly resolutions: ResolutionCache;
  /** Previews and subtitle listings already paid for, by link: asked again, they are free. */
  readonly answers: AnswerReuse;
  readonly bandwidth: BandwidthLimiter;
  /** Download tuning beyond the settings (tests shorten time-outs and retry delays). */
  readonly downloadTuning: Omit<DownloadDeps, 'bandwidth' | 'connections'>;
  /** The ffmpeg in use, looked up once per ffmpeg setting; `fresh` looks again (the user may have installed one since). */
  ffmpeg(lookup?: { fresh?: boolean }): Promise<Result<FfmpegInfo, ErrorInfo>>;
  /** Where downloads go unless a job names a folder. */
  downloadFolder(settings: Settings): string;
  /** Replaces every known secret in a text (error messages that echo requests). */
  redact(text: string): string;
}
