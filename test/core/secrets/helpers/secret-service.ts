import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { createKeyStore } from '../../../../src/core/secrets/key-store';
import { nativeKeychainModules } from '../../../../src/core/secrets/keychain-backend';
import { describeKeychain } from '../../../../src/core/secrets/keychain-report';

export type Probe = { ok: true } | { ok: false; reason: string };

const PROBE_TIMEOUT_MS = 10_000;

/** Whether a real Secret Service takes, returns and deletes a secret here and now. */
export async function probeSecretService(): Promise<Probe> {
  const store = createKeyStore({ env: {}, service: `Trove-probe-${randomUUID()}` });
  const roundTrip = async (): Promise<Probe> => {
    // trove doctor's check first: its `problem` is the short reason, without the advice.
    const report = await describeKeychain({ env: {} });
    if (!report.works) return { ok: false, reason: report.problem ?? `the ${report.backend} keychain does not work` };
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

/** Whether keytar (an optional dependency: it builds only where libsecret's headers are) loads here. */
export async function probeKeytar(): Promise<Probe> {
  try {
    await nativeKeychainModules.keytar();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: `keytar is not installed on this machine (${error instanceof Error ? error.message : String(error)})` };
  }
}

/**
 * `describe` for tests that need a real Secret Service (and whatever else `also` names). Without
 * one they are skipped with the reason printed, except in CI (CI set), where they run and
 * fail: CI must test the real thing.
 */
export function describeWithSecretService(probe: Probe, ...also: Probe[]): (name: string, body: () => void) => void {
  const missing = [probe.ok ? undefined : `no Secret Service on this machine (${probe.reason}); to run it, ${HOW_TO}`]
    .concat(also.map((other) => (other.ok ? undefined : other.reason)))
    .filter((reason) => reason !== undefined);
  if (missing.length === 0) return (name, body) => describe(name, body);
  const reason = missing.join('; ');
  if (process.env.CI) return (name, body) => describe(`${name} (${reason})`, body);
  return (name, body) => {
    // The default reporter only counts skipped tests: say why where everyone sees it.
    console.warn(`Skipped "${name}": ${reason}`);
    describe.skip(`${name} — skipped: ${reason}`, body);
  };
}
