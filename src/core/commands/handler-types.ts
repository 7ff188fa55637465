import type { QueueRunner } from '../../shared/contract';
import type { CommandHandlers } from '../command-dispatch';
import type { CoreServices } from '../core-services';
import type { JobQueue } from '../jobs';
import type { DesktopActions } from './app-commands';
import type { SandboxSession } from './sandbox-session';

/** What every group of command handlers is built from. */
export interface HandlerDeps {
  services: CoreServices;
  queue: JobQueue;
  version: string;
  electronVersion: string | undefined;
  env: NodeJS.ProcessEnv;
  desktop: DesktopActions | undefined;
  sandbox: SandboxSession;
  /** Who runs this data folder's jobs (see jobs/queue-ownership). */
  queueRunner: () => QueueRunner;
}

export type HandlerGroup<K extends keyof CommandHandlers> = Pick<CommandHandlers, K>;
