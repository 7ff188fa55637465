import { useCallback, useEffect, useState } from 'react';
import type { ErrorInfo } from '../../../shared/errors';
import type { LibraryDetail } from '../../../shared/library';
import { useClient } from '../api/client-context';

export type ItemState = { kind: 'loading' } | { kind: 'error'; error: ErrorInfo } | { kind: 'ready'; detail: LibraryDetail };

/** One library post in full (`library.get`), reloaded on demand (after saving subtitles, a deletion…). */
export function useLibraryItem(id: number | undefined) {
  const { api } = useClient();
  const [state, setState] = useState<ItemState>({ kind: 'loading' });
  const load = useCallback(async () => {
    if (id === undefined) return;
    const answer = await api['library.get']({ id });
    setState(answer.ok ? { kind: 'ready', detail: answer.value } : { kind: 'error', error: answer.error });
  }, [api, id]);
  useEffect(() => {
    setState({ kind: 'loading' });
    void load();
  }, [load]);
  // Saved subtitles, a new file or a removal, made here or elsewhere, show without a reload.
  useEffect(
    () =>
      api.on('library.changed', (change) => {
        const touched = [change.updated, change.removed, change.files, change.subtitles].some((ids) => id !== undefined && ids.includes(id));
        if (touched) void load();
      }),
    [api, id, load],
  );
  return { state, reload: load };
}
