import { useCallback, useEffect, useState } from 'react';
import type { CommandResult } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import type { Cue } from '../../../shared/subtitles';
import { useClient } from '../api/client-context';
import type { SubtitleSource } from './subtitle-source';
import type { TrackChoice } from './track-list';

export type Listing = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; error: ErrorInfo } | ({ kind: 'ready' } & CommandResult<'subtitles.list'>);
export type CueState = { kind: 'idle' } | { kind: 'loading' } | { kind: 'error'; error: ErrorInfo } | { kind: 'ready'; cues: Cue[] };

/** The subtitle list of one video (a charged call, only when asked), the chosen track and its cues. */
export function useSubtitleWorkspace(source: SubtitleSource) {
  const { api } = useClient();
  const [listing, setListing] = useState<Listing>({ kind: 'idle' });
  const [chosen, setChosen] = useState<TrackChoice | undefined>(
    source.kind === 'post' && source.languageTag ? { from: 'library', languageTag: source.languageTag, languageName: source.languageTag } : undefined,
  );
  const [cues, setCues] = useState<CueState>({ kind: 'idle' });

  /** Lists the tracks: free when this video was listed earlier in the session, unless `recheck` pays for a fresh list. */
  const list = useCallback(async (recheck = false) => {
    if (source.kind === 'none') return;
    setListing({ kind: 'loading' });
    const ask = recheck ? { recheck } : {};
    const answer = await api['subtitles.list'](source.kind === 'post' ? { postId: source.postId, ...ask } : { url: source.url, ...ask });
    setListing(answer.ok ? { kind: 'ready', ...answer.value } : { kind: 'error', error: answer.error });
  }, [api, source]);

  const resolutionId = listing.kind === 'ready' ? listing.resolutionId : undefined;
  /** The library post the video is: the one opened, or the one a link turned out to be. */
  const postId = source.kind === 'post' ? source.postId : listing.kind === 'ready' ? listing.postId : undefined;
  useEffect(() => {
    if (!chosen) return;
    let live = true;
    setCues({ kind: 'loading' });
    const request =
      chosen.from === 'library' && postId !== undefined
        ? api['subtitles.cues']({ source: { kind: 'library', postId, languageTag: chosen.languageTag } })
        : resolutionId
          ? api['subtitles.cues']({ source: { kind: 'resolution', resolutionId, languageTag: chosen.languageTag } })
          : undefined;
    if (!request) return;
    void request.then((answer) => {
      if (live) setCues(answer.ok ? { kind: 'ready', cues: answer.value } : { kind: 'error', error: answer.error });
    });
    return () => {
      live = false;
    };
  }, [api, chosen, resolutionId, postId]);

  return { listing, list, chosen, choose: setChosen, cues, postId };
}
