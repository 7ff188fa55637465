import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox';

export interface ManualClock {
  now: () => number;
  advance: (ms: number) => void;
}

/** A clock tests move by hand. */
export function manualClock(start = Date.now()): ManualClock {
  let time = start;
  return { now: () => time, advance: (ms) => void (time += ms) };
}

/** One request every 50 ms of sandbox time: exactly the 20/s a well-behaved client keeps to. */
const PACE_MS = 50;
const pacers = new WeakMap<Sandbox, () => void>();

/**
 * Moves the sandbox's clock on by one pace step before an API request. The helpers call it,
 * so a suite sends as fast as it likes in real time while, in sandbox time, it is a client
 * pacing itself at the rate limit: every test that uses them also shows that such a client
 * never gets a 429.
 */
export const pace = (sandbox: Sandbox): void => pacers.get(sandbox)?.();

/**
 * Starts one sandbox for the test file (beforeAll) and closes it afterwards. Its clock is
 * `clock` (a fresh manual clock by default), paced by the API helpers; a test that passes
 * `options.now` runs the clock itself, unpaced.
 */
export function useSandbox(options: SandboxOptions = {}, clock: ManualClock = manualClock()): () => Sandbox {
  let sandbox: Sandbox | undefined;
  beforeAll(async () => {
    sandbox = await startSandbox({ now: clock.now, ...options });
    if (!options.now) pacers.set(sandbox, () => clock.advance(PACE_MS));
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return () => {
    if (!sandbox) throw new Error('sandbox not started yet');
    return sandbox;
  };
}
