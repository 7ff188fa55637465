import { useEffect, useReducer, useState } from 'react';
import type { ErrorInfo } from '../../../../shared/errors';
import type { SaidResult } from '../../../../shared/said';
import { useClient } from '../../api/client-context';
import { useSettled } from '../use-library-results';

const SEARCH_DELAY_MS = 150;
/** How many moments the Library shows under "Said in N videos". */
export const SAID_MOMENTS_SHOWN = 20;

export type SaidState = { kind: 'idle' } | { kind: 'ready'; result: SaidResult } | { kind: 'error'; error: ErrorInfo };

/**
 * What was said, for the Library's search text: asked once typing settles, and again when the
 * library changes (subtitles saved or removed). Answers for text the user has moved on from are dropped.
 */
export function useSaidMoments(text: string): SaidState {
  const { api } = useClient();
  const query = useSettled(text, SEARCH_DELAY_MS);
  const [generation, bump] = useReducer((count: number) => count + 1, 0);
  const [state, setState] = useState<SaidState>({ kind: 'idle' });
  useEffect(() => api.on('library.changed', bump), [api]);
  useEffect(() => {
    if (query.trim() === '') {
      setState({ kind: 'idle' });
      return;
    }
    let live = true;
    void api['library.said']({ query, limit: SAID_MOMENTS_SHOWN }).then((answer) => {
      if (live) setState(answer.ok ? { kind: 'ready', result: answer.value } : { kind: 'error', error: answer.error });
    });
    return () => {
      live = false;
    };
  }, [api, query, generation]);
  return state;
}
