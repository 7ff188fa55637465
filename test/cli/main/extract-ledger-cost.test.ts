import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalObject, runTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/*
 * A `trove extract` ends in well under the engine's balance debounce (1 s): it used to exit
 * before the balance query that learns what the call cost, and its ledger row stayed
 * "unknown" for good. The CLI now asks that one query before it exits.
 */

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

const trove = (args: string[]) => runTrove([...world.args, ...args], { env: world.env });

interface LedgerEntry {
  action: string;
  site: string;
  costKind: string;
  cost?: number;
}

describe('a short trove extract', () => {
  it('leaves its call in the ledger with its exact cost, and no 429 from the balance query', async () => {
    world.sandbox.resetStats();
    const extract = await trove(['extract', 'https://video.example/watch/ledger-cost']);
    expect(extract.code, extract.stderr).toBe(0);
    const stats = world.sandbox.stats();
    // The balance before the charged call and the one after it: the drop is its price.
    expect(stats.byEndpoint['v1 GET /credits']).toBe(2);
    expect(stats.rateLimited).toBe(0);

    const credits = await trove(['credits', '--json']);
    const { ledger } = finalObject(credits.stdout) as { ledger: { entries: LedgerEntry[] } };
    expect(ledger.entries).toEqual([expect.objectContaining({ site: 'video.example', costKind: 'exact', cost: 1 })]);
  });
});
