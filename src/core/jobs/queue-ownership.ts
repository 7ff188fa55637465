import type { QueueHolder, QueueRunner } from '../../shared/contract';
import type { EventBus } from '../events';
import { createQueueLock } from './queue-lock';

export interface QueueOwnershipOptions {
  dataDir: string;
  face: QueueHolder['face'];
  events: EventBus;
  /** How often a Core waiting for another process's queue tries to take it over. */
  pollMs: number;
  now: () => number;
  /** Starts this process's queue once it holds the lock (resolves when it runs). */
  run: () => Promise<void>;
}

export interface QueueOwnership {
  /** Whether this Core runs the data folder's jobs now (its queue has started). */
  runsQueue(): boolean;
  runner(): QueueRunner;
  /** Stops waiting; the lock is let go by `release()` once the queue has stopped. */
  stop(): void;
  release(): void;
}

/**
 * Runs the queue when this Core holds the data folder's queue lock, and otherwise waits
 * for it: the lock is tried again every `pollMs` and taken as soon as the holder has ended
 * (the OS has dropped its lock). Each change of who runs the queue is announced
 * (`queue.runner`) so the faces can say it.
 */
export async function startQueueOwnership(options: QueueOwnershipOptions): Promise<QueueOwnership> {
  const lock = createQueueLock(options.dataDir, { face: options.face, startedAt: options.now() });
  let running = false;
  let waiting: NodeJS.Timeout | undefined;
  let lastAnnounced = '';

  const runner = (): QueueRunner => {
    const elsewhere = waiting !== undefined;
    return { holder: (elsewhere && lock.holder()) || null, elsewhere, unavailable: lock.unavailable() ?? null };
  };
  const announce = (): void => {
    const current = runner();
    const text = JSON.stringify(current);
    if (text === lastAnnounced) return;
    lastAnnounced = text;
    options.events.emit('queue.runner', current);
  };
  const run = async (): Promise<void> => {
    await options.run();
    running = true;
    announce();
  };

  if (lock.acquire()) await run();
  else {
    waiting = setInterval(() => {
      if (!lock.acquire()) {
        announce(); // the holder may have changed (one ended, another took over first)
        return;
      }
      clearInterval(waiting);
      waiting = undefined;
      void run();
    }, options.pollMs);
    waiting.unref();
    lastAnnounced = JSON.stringify(runner());
  }

  return {
    runsQueue: () => running,
    runner,
    stop() {
      clearInterval(waiting);
    },
    release: () => lock.release(),
  };
}
