import type { CommandHandlers } from '../command-dispatch';
import type { CoreServices } from '../core-services';
import type { JobQueue } from '../jobs/job-queue';

/** What every group of command handlers is built from. */
export interface HandlerDeps {
  services: CoreServices;
  queue: JobQueue;
  version: string;
}

export type HandlerGroup<K extends keyof CommandHandlers> = Pick<CommandHandlers, K>;
