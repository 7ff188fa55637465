import { useCallback, useState } from 'react';
import type { ErrorInfo } from '../../../shared/errors';
import type { SettingsPatch } from '../../../shared/settings';
import { useClient } from '../api/client-context';

export type SaveState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; error: ErrorInfo };

/**
 * Saves one change at a time and says how it went, per setting. The engine applies it
 * at once and tells every window (`settings.changed`), so nothing needs a restart.
 */
export function useSaveSetting() {
  const { api } = useClient();
  const [states, setStates] = useState<Readonly<Record<string, SaveState>>>({});
  const save = useCallback(
    async (patch: SettingsPatch): Promise<boolean> => {
      const names = Object.keys(patch);
      const mark = (state: SaveState) => setStates((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, state])) }));
      mark({ kind: 'saving' });
      const answer = await api['settings.update'](patch);
      mark(answer.ok ? { kind: 'saved' } : { kind: 'error', error: answer.error });
      return answer.ok;
    },
    [api],
  );
  /** Saves the patch only when `precheck` passes; the field shows "Checking…" meanwhile and the reason when it fails. */
  const check = useCallback(
    async (patch: SettingsPatch, precheck: () => Promise<{ ok: true } | { ok: false; error: ErrorInfo }>): Promise<boolean> => {
      const names = Object.keys(patch);
      setStates((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, { kind: 'checking' } as const])) }));
      const checked = await precheck();
      if (checked.ok) return save(patch);
      setStates((current) => ({ ...current, ...Object.fromEntries(names.map((name) => [name, { kind: 'error', error: checked.error } as const])) }));
      return false;
    },
    [save],
  );
  const stateOf = (name: string): SaveState => states[name] ?? { kind: 'idle' };
  return { save, check, stateOf };
}
