import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { createKeyStore } from '../../../../src/core/secrets/key-store';

export type Probe = { ok: true } | { ok: false; reason: string };

const PROBE_TIMEOUT_MS = 10_000;

/** Whether a real Secret Service takes, returns and deletes a secret here and now. */
export async function probeSecretService(): Promise<Probe> {
  const store = createKeyStore({ env: {}, service: `Trove-probe-${randomUUID()}` });
  const roundTrip = async (): Promise<Probe> => {
    const set = await store.setKey('probe-value');
    if (!set.ok) return { ok: false, reason: set.error.message };
    const got = await store.getKey();
    const deleted = await store.deleteKey();
    if (!got.ok || got.value !== 'probe-value' || !deleted.ok) return { ok: false, reason: 'the Secret Service did not round-trip a secret' };
    return { ok: true };
  };
  const timeout = new Promise<Probe>((resolve) =>
    setTimeout(() => resolve({ ok: false, reason: `no answer within ${PROBE_TIMEOUT_MS} ms` }), PROBE_TIMEOUT_MS).unref(),
  );
  return Promise.race([roundTrip(), timeout]);
}

const HOW_TO =
  "run under: dbus-run-session -- bash -c 'export XDG_RUNTIME_DIR=$(mktemp -d) XDG_DATA_HOME=$(mktemp -d); chmod 700 $XDG_RUNTIME_DIR; " +
  'eval "$(printf %s ci-pass | gnome-keyring-daemon --unlock --components=secrets)"; npx vitest run test/core/secrets\'';

/**
 * `describe` for tests that need a real Secret Service. Without one they are skipped with
 * the reason, except in CI (CI set), where they run and fail: CI must test the real thing.
 */
export function describeWithSecretService(probe: Probe): (name: string, body: () => void) => void {
  if (probe.ok) return (name, body) => describe(name, body);
  if (process.env.CI) return (name, body) => describe(`${name} (no Secret Service: ${probe.reason})`, body);
  return (name, body) => {
    const reason = `no Secret Service on this machine (${probe.reason})`;
    // The default reporter only counts skipped tests: say why where everyone sees it.
    console.warn(`Skipped "${name}": ${reason}. To run it, ${HOW_TO}`);
    describe.skip(`${name} — skipped: ${reason}`, body);
  };
}
