import type { DownloadOptions } from '../shared/jobs';
import type { ApiVersion, SubtitleSaveFormat, UiLanguage } from '../shared/settings';
import type { SubscriptionKind, SubscriptionSettings } from '../shared/subscriptions';

/** Options every command accepts (before or after the command name). */
export interface GlobalOptions {
  serviceUrl?: string;
  apiVersion?: ApiVersion;
  dataDir?: string;
  lang?: UiLanguage;
  json: boolean;
  quiet: boolean;
  debug: boolean;
}

export type QueueAction = 'list' | 'pause' | 'resume' | 'cancel' | 'retry';

/** The finished states `queue clear` removes jobs in. */
export const CLEARABLE_STATES = ['done', 'failed', 'canceled'] as const;
export type ClearableState = (typeof CLEARABLE_STATES)[number];

/** What the user asked for, parsed and validated; one variant per command. */
export type Invocation =
  | { command: 'extract'; url: string; cursor?: string; force: boolean; recheck: boolean }
  | {
      command: 'get';
      urls: string[];
      playlist: boolean;
      limit?: number;
      sync?: boolean;
      maxCredits?: number;
      force: boolean;
      wait: boolean;
      options: DownloadOptions;
    }
  | { command: 'subtitles'; url: string; languages?: string[]; format: SubtitleSaveFormat; folder?: string }
  | { command: 'queue'; action: QueueAction; ids?: number[]; wait: boolean }
  | { command: 'queue'; action: 'clear'; states: ClearableState[] }
  | { command: 'library'; action: 'list'; limit: number; offset: number }
  | { command: 'library'; action: 'search'; words: string; limit: number; offset: number; said: boolean }
  | { command: 'library'; action: 'show'; id: number }
  | { command: 'library'; action: 'remove'; id: number; deleteFiles: boolean }
  | { command: 'library'; action: 'rebuild'; folders: string[] }
  | { command: 'credits'; days: number }
  | { command: 'key'; action: 'set' | 'status' | 'clear' }
  | { command: 'doctor' }
  | { command: 'sandbox'; args: string[] }
  | { command: 'serve'; port?: number }
  | { command: 'subscriptions'; action: 'list' }
  | { command: 'subscriptions'; action: 'add'; url: string; kind?: SubscriptionKind; settings: SubscriptionChoices }
  | { command: 'subscriptions'; action: 'edit'; id: number; settings: SubscriptionChoices }
  | { command: 'subscriptions'; action: 'remove'; id: number }
  | { command: 'subscriptions'; action: 'run'; id?: number; wait: boolean };

/** What a command line sets of a subscription; download options given replace those named, the rest stay. */
export type SubscriptionChoices = Partial<Omit<SubscriptionSettings, 'options'>> & { options?: DownloadOptions };

export type CommandWord = Invocation['command'];
