import { availableParallelism } from 'node:os';

/*
 * How many ffmpeg processes run at once. Node's spawn blocks the event loop until the
 * child has exec'd, and on a loaded machine that wait grows with every process competing
 * for the cores (~43 ms per start measured with eight merges on two cores): more ffmpegs
 * than cores only make every start, and everything else on the loop, slower.
 */
export interface FfmpegGate {
  /** Resolves with a release function once a place is free; false if `signal` aborted first. */
  enter(signal?: AbortSignal): Promise<(() => void) | false>;
  /** Runs holding a place now. */
  readonly running: number;
  /** Callers waiting for a place. */
  readonly waiting: number;
}

export function createFfmpegGate(size: number): FfmpegGate {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`An ffmpeg gate needs a whole size of at least 1, not ${size}.`);
  let running = 0;
  const queue: Array<() => void> = [];

  const release = (): void => {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  };
  const once = (): (() => void) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      release();
    };
  };

  return {
    enter(signal) {
      if (signal?.aborted) return Promise.resolve(false);
      if (running < size) {
        running += 1;
        return Promise.resolve(once());
      }
      return new Promise((resolve) => {
        // A place handed over by release(): `running` stays as it is.
        const grant = (): void => {
          signal?.removeEventListener('abort', abort);
          resolve(once());
        };
        const abort = (): void => {
          queue.splice(queue.indexOf(grant), 1);
          resolve(false);
        };
        queue.push(grant);
        signal?.addEventListener('abort', abort, { once: true });
      });
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** The one gate every ffmpeg run of this process goes through unless given its own. */
export const sharedFfmpegGate: FfmpegGate = createFfmpegGate(availableParallelism());
