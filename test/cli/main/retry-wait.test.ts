import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalObject, startTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/* A job that failed retryably waits in the queue for its next attempt; `get` waits with it. */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

describe('trove get with a job waiting for its retry', () => {
  it('keeps waiting (Node used to quit with exit 13 mid-await), and Ctrl-C still ends it with 130', async () => {
    const run = startTrove([...world.args, 'get', 'https://error.example/timeout', '--json'], { env: world.env });
    await run.waitForLine((line) => line.includes('"state":"queued"') && line.includes('"attempts":1'));
    // Long enough for an empty event loop to end the process; the retry itself is 30 s away.
    await sleep(1500);
    expect(run.child.exitCode).toBeNull();
    run.child.kill('SIGINT');
    const ended = await run.done;
    expect(ended.stderr).not.toContain('unsettled top-level await');
    expect(ended.code).toBe(130);
    expect(finalObject(ended.stdout)).toMatchObject({ type: 'error', code: 'interrupted', exitCode: 130 });
  });
});
