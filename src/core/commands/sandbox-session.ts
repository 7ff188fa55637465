import type { SandboxStatus } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import type { Settings } from '../../shared/settings';
import type { SettingsStore } from '../settings';

/** A running sandbox as a face starts it for the Core (the Core never imports the sandbox). */
export interface SandboxService {
  url: string;
  /** A key the sandbox accepts; it unlocks only the local emulator. */
  key: string;
  close(): Promise<void>;
}

export type StartSandbox = () => Promise<SandboxService>;

export interface SandboxSession {
  readonly available: boolean;
  status(): SandboxStatus;
  /** The settings as the engine uses them: in sandbox mode the service is the sandbox (v1). */
  readonly settings: SettingsStore;
  /** The sandbox's key while sandbox mode is on; it is kept in memory only. */
  key(): string | undefined;
  enable(): Promise<Result<SandboxStatus, ErrorInfo>>;
  /** Also stops one still starting; true when a sandbox was stopped (the service changed). */
  disable(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Sandbox mode for one session: the user's own service URL, API version and key stay
 * stored untouched, and the sandbox's are laid over them until it is turned off or the
 * engine closes. Nothing about it is persisted: sample media never passes for real data.
 */
export function createSandboxSession(stored: SettingsStore, start: StartSandbox | undefined): SandboxSession {
  let running: SandboxService | undefined;
  let starting: Promise<Result<SandboxStatus, ErrorInfo>> | undefined;

  const effective = (): Settings => (running ? { ...stored.get(), serviceUrl: running.url, apiVersion: 'v1' } : stored.get());
  const status = (): SandboxStatus => (running ? { active: true, url: running.url } : { active: false });

  const launch = async (): Promise<Result<SandboxStatus, ErrorInfo>> => {
    if (!start) {
      return { ok: false, error: { code: 'not_available', message: 'The built-in sandbox is not available here.', retryable: false } };
    }
    try {
      running = await start();
      return { ok: true, value: status() };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { code: 'sandbox_failed', message: `The built-in sandbox could not start: ${reason}`, retryable: true } };
    }
  };

  // Waits for a start in progress: otherwise it would finish after this and leave the sandbox on.
  const disable = async (): Promise<boolean> => {
    await starting;
    const stopping = running;
    running = undefined;
    await stopping?.close();
    return stopping !== undefined;
  };

  return {
    available: start !== undefined,
    status,
    settings: {
      get: effective,
      async update(patch) {
        const updated = await stored.update(patch);
        return updated.ok ? { ok: true, value: effective() } : updated;
      },
    },
    key: () => running?.key,
    enable() {
      if (running) return Promise.resolve({ ok: true, value: status() });
      starting ??= launch().finally(() => {
        starting = undefined;
      });
      return starting;
    },
    disable,
    async close() {
      await disable();
    },
  };
}
