import { randomUUID } from 'node:crypto';
import type { PlaylistPage, Post } from '../../shared/post';
import type { SubtitleResult } from '../../shared/subtitles';

export type Resolution =
  | { kind: 'post'; url: string; post: Post; charged: boolean }
  /** `cursor`: the one this page was asked with (absent: the first page). */
  | { kind: 'playlist'; url: string; cursor?: string; page: PlaylistPage; charged: boolean }
  | { kind: 'subtitles'; url: string; result: SubtitleResult; postId?: number };

/**
 * Extractions the user has seen but not yet acted on (a preview, a page of a profile,
 * a list of subtitle tracks), so the download that follows does not pay again. Media
 * links are short-lived, so entries expire; the cache is bounded.
 */
export class ResolutionCache {
  readonly #entries = new Map<string, { resolution: Resolution; at: number }>();

  constructor(
    private readonly now: () => number,
    private readonly ttlMs = 30 * 60_000,
    private readonly maxEntries = 500,
  ) {}

  put(resolution: Resolution): string {
    const id = randomUUID();
    this.#entries.set(id, { resolution, at: this.now() });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
    return id;
  }

  get(id: string): Resolution | undefined {
    const entry = this.#entries.get(id);
    if (!entry) return undefined;
    if (this.now() - entry.at > this.ttlMs) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry.resolution;
  }
}
