import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithSecretService, probeSecretService } from '../../core/secrets/helpers/secret-service';
import { SANDBOX_KEY, finalObject, runTrove, startWorld } from './run-trove';
import type { CliWorld } from './run-trove';

/*
 * `trove key` against a real Secret Service. Locally, run the suite inside
 * `dbus-run-session` with an unlocked gnome-keyring (../shared/ENVIRONMENT.md); CI's
 * `npm test` already runs inside one. Without one these tests are skipped, except in CI
 * (CI set), where a missing keychain must fail them.
 */
const describeKeychain = describeWithSecretService(await probeSecretService());

let world: CliWorld;
beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

/** Without TROVE_API_KEY, so the keychain is what counts. */
const trove = (args: string[], input?: string) => runTrove([...world.args, ...args], { ...(input !== undefined && { input }) });

describeKeychain('trove key', () => {
  it('refuses a wrong key and does not store it', async () => {
    await trove(['key', 'clear']);
    const refused = await trove(['key', 'set'], 'wrong-key\n');
    expect(refused.code).toBe(4);
    expect(refused.stderr).toContain('key_rejected');
    expect(refused.stderr).not.toContain('wrong-key');
    const status = await trove(['key', 'status', '--json']);
    expect(finalObject(status.stdout)).toMatchObject({ status: { isSet: false, source: 'none' } });
  });

  it('refuses an empty key as a usage error', async () => {
    const empty = await trove(['key', 'set', '--json'], '');
    expect(empty.code).toBe(2);
    expect(finalObject(empty.stdout)).toMatchObject({ type: 'error', code: 'invalid_input', exitCode: 2 });
  });

  it('stores a valid key read from stdin, uses it, and clears it', async () => {
    const stored = await trove(['key', 'set', '--json'], `${SANDBOX_KEY}\n`);
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stdout).not.toContain(SANDBOX_KEY);
    expect(finalObject(stored.stdout)).toMatchObject({ status: { isSet: true, source: 'keychain' } });

    const credits = await trove(['credits', '--json']);
    expect(credits.code, credits.stderr).toBe(0);

    const cleared = await trove(['key', 'clear', '--json']);
    expect(cleared.code, cleared.stderr).toBe(0);
    expect(finalObject(cleared.stdout)).toMatchObject({ status: { isSet: false, source: 'none' } });

    const without = await trove(['extract', 'https://video.example/watch/no-key']);
    expect(without.code).toBe(4);
    expect(without.stderr).toContain('trove key set');
  });

  it('says when TROVE_API_KEY is what counts', async () => {
    const run = await runTrove([...world.args, 'key', 'status'], { env: { TROVE_API_KEY: SANDBOX_KEY } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('TROVE_API_KEY');
  });
});
