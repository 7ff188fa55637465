import type { ErrorInfo, Result } from '../shared/errors';
import type { Settings } from '../shared/settings';
import type { ServiceClient } from './api/service-client';
import type { BalanceAlerts } from './credits/balance-alerts';
import type { CreditsMonitor } from './credits/credits-monitor';
import type { Ledger } from './credits/ledger';
import type { BandwidthLimiter } from './download/bandwidth-limiter';
import type { DownloadDeps } from './download/download-settings';
import type { EventBus } from './events/event-bus';
import type { AnswerReuse } from './jobs/answer-reuse';
import type { JobStore } from './jobs/job-store';
import type { ResolutionCache } from './jobs/resolution-cache';
import type { Db } from './library/database';
import type { LibraryStore } from './library/library-store';
import type { ThumbnailCache } from './library/thumbnail-cache';
import type { FfmpegInfo } from './media/locate-ffmpeg';
import type { KeyStore } from './secrets/key-store';
import type { SettingsStore } from './settings/settings-store';

/** Everything the command handlers and the pipeline stages share, built once by createCore. */
export interface CoreServices {
  readonly dataDir: string;
  readonly now: () => number;
  readonly db: Db;
  readonly events: EventBus;
  readonly settings: SettingsStore;
  /** Settings found unreadable at start-up, now at their defaults (AppInfo.settingsReset). */
  readonly settingsReset: readonly string[];
  readonly keys: KeyStore;
  /** The client for the current settings (service URL, API version, language). */
  client(): ServiceClient;
  /** A client for the current settings with another key provider (validating a new key). */
  /** A client with this key provider, at `serviceUrl` when given (a check before the address is saved). */
  clientWithKey(getKey: () => Promise<string | undefined>, serviceUrl?: string): ServiceClient;
  readonly jobs: JobStore;
  readonly library: LibraryStore;
  readonly thumbnails: ThumbnailCache;
  readonly ledger: Ledger;
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
  /** Records a charged call in the ledger and schedules a balance refresh. */
  recordCharge(endpoint: string, link: string, jobId?: number): void;
  /** Replaces every known secret in a text (error messages that echo requests). */
  redact(text: string): string;
}
