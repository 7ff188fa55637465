import { useCallback, useState } from 'react';
import type { GrabResult } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import type { LibraryItem } from '../../../shared/library';
import type { PlaylistPage, Post } from '../../../shared/post';
import { useClient } from '../api/client-context';

/** One loaded page of a profile or playlist: its own resolution, for downloading its posts. */
export interface LoadedPage {
  resolutionId: string;
  page: PlaylistPage;
  inLibrary: Readonly<Record<string, number>>;
  charged: boolean;
  /** Set when the page was paid for earlier and shown again free: when it was paid for. */
  reusedFrom?: number;
}

export type GrabEntry = { key: string; url: string } & (
  | { kind: 'loading' }
  | { kind: 'error'; error: ErrorInfo }
  | { kind: 'duplicate'; item: LibraryItem }
  | { kind: 'post'; resolutionId: string; post: Post; charged: boolean; libraryId?: number; reusedFrom?: number }
  | { kind: 'playlist'; pages: LoadedPage[]; loadingMore: boolean; moreError?: ErrorInfo }
  /** A profile seen before, from the library at no charge. */
  | { kind: 'profile'; known: Extract<GrabResult, { kind: 'profile' }> }
);

/** The links of one paste or drop, in their order: several make one list with "Download all". */
export interface GrabBatch {
  id: string;
  keys: readonly string[];
}

let nextKey = 1;

const pageOf = ({ resolutionId, page, inLibrary, charged, reusedFrom }: Extract<GrabResult, { kind: 'playlist' }>): LoadedPage => ({
  resolutionId,
  page,
  inLibrary,
  charged,
  ...(reusedFrom === undefined ? {} : { reusedFrom }),
});

function entryOf(key: string, url: string, result: GrabResult): GrabEntry {
  if (result.kind === 'duplicate') return { key, url, kind: 'duplicate', item: result.item };
  if (result.kind === 'profile') return { key, url, kind: 'profile', known: result };
  if (result.kind === 'post') {
    return {
      key,
      url,
      kind: 'post',
      resolutionId: result.resolutionId,
      post: result.post,
      charged: result.charged,
      ...(result.libraryId === undefined ? {} : { libraryId: result.libraryId }),
      ...(result.reusedFrom === undefined ? {} : { reusedFrom: result.reusedFrom }),
    };
  }
  const page: LoadedPage = pageOf(result);
  return { key, url, kind: 'playlist', pages: [page], loadingMore: false };
}

/** The Grab screen's previews: one entry per pasted link, newest first, and the batches they came in. */
export function useGrabEntries() {
  const { api } = useClient();
  const [entries, setEntries] = useState<GrabEntry[]>([]);
  const [batches, setBatches] = useState<GrabBatch[]>([]);
  const update = useCallback((key: string, change: (entry: GrabEntry) => GrabEntry) => {
    setEntries((current) => current.map((entry) => (entry.key === key ? change(entry) : entry)));
  }, []);

  const resolve = useCallback(
    /** `force`: preview a link already in the library; `recheck`: ask the service again (charged) instead of reusing. */
    async (key: string, url: string, ask: { force?: boolean; recheck?: boolean } = {}) => {
      update(key, () => ({ key, url, kind: 'loading' }));
      const result = await api['grab.resolve']({ url, ...(ask.force ? { force: true } : {}), ...(ask.recheck ? { recheck: true } : {}) });
      update(key, () => (result.ok ? entryOf(key, url, result.value) : { key, url, kind: 'error', error: result.error }));
    },
    [api, update],
  );

  const add = useCallback(
    (urls: readonly string[]) => {
      const added = urls.map((url) => ({ key: `entry-${nextKey++}`, url, kind: 'loading' as const }));
      setEntries((current) => [...added, ...current]);
      setBatches((current) => [{ id: `batch-${nextKey++}`, keys: added.map((entry) => entry.key) }, ...current]);
      for (const entry of added) void resolve(entry.key, entry.url);
    },
    [resolve],
  );

  const remove = useCallback((key: string) => setEntries((current) => current.filter((entry) => entry.key !== key)), []);

  const loadMore = useCallback(
    async (entry: Extract<GrabEntry, { kind: 'playlist' }>) => {
      const last = entry.pages.at(-1);
      if (!last?.page.has_more) return;
      update(entry.key, (current) => (current.kind === 'playlist' ? { ...current, loadingMore: true, moreError: undefined } : current));
      const result = await api['grab.resolve']({ url: entry.url, cursor: last.page.next_cursor });
      update(entry.key, (current) => {
        if (current.kind !== 'playlist') return current;
        if (!result.ok) return { ...current, loadingMore: false, moreError: result.error };
        if (result.value.kind !== 'playlist') return { ...current, loadingMore: false };
        return { ...current, loadingMore: false, pages: [...current.pages, pageOf(result.value)] };
      });
    },
    [api, update],
  );

  return { entries, batches, add, resolve, remove, loadMore };
}
