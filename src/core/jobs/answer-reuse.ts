import { linkKey } from '../library';
import type { Resolution } from './resolution-cache';

/** The answers worth reusing: a post's preview, a page of a profile or playlist, a video's subtitle listing. */
export type ReusableAnswer = Extract<Resolution, { kind: 'post' | 'playlist' | 'subtitles' }>;

/**
 * How long a post's preview stays good. The spec calls media links "short-lived" and gives
 * no duration, and the link format is the service's own business, so Trove does not read an
 * expiry out of the links: it keeps a preview for five minutes, well inside any lifetime a
 * download could have been started in, and re-extracts (charged) after that.
 */
export const POST_ANSWER_GOOD_MS = 5 * 60_000;

export interface ReusedAnswer {
  resolution: ReusableAnswer;
  /** When the charged call that gave this answer was made (epoch ms). */
  answeredAt: number;
}

/** A page is named by its profile's link and the cursor it was asked with (spec: the cursor is opaque, compared as is). */
const keyOf = (kind: ReusableAnswer['kind'], url: string, cursor: string | undefined): string =>
  kind === 'playlist' ? `${kind} ${linkKey(url)} ${cursor ?? ''}` : `${kind} ${linkKey(url)}`;

/**
 * Answers already paid for, by normalized link, so asking the same question again in this
 * engine's lifetime is free: a post's preview, or a page of a profile, while its media
 * links are still good (a page carries its posts' links too), a subtitle listing for the
 * whole session (the issue asks for that: tracks of a video do not change in minutes).
 * Asking again on purpose (`recheck`) bypasses this and replaces the entry.
 */
export class AnswerReuse {
  readonly #answers = new Map<string, ReusedAnswer>();

  constructor(
    private readonly now: () => number,
    private readonly goodForMs: Readonly<Record<ReusableAnswer['kind'], number>> = {
      post: POST_ANSWER_GOOD_MS,
      playlist: POST_ANSWER_GOOD_MS,
      subtitles: Number.POSITIVE_INFINITY,
    },
    private readonly maxEntries = 500,
  ) {}

  remember(resolution: ReusableAnswer): void {
    const key = keyOf(resolution.kind, resolution.url, resolution.kind === 'playlist' ? resolution.cursor : undefined);
    // Re-inserting moves the entry to the end, so the oldest is the first one evicted.
    this.#answers.delete(key);
    this.#answers.set(key, { resolution, answeredAt: this.now() });
    while (this.#answers.size > this.maxEntries) {
      const oldest = this.#answers.keys().next().value;
      if (oldest === undefined) break;
      this.#answers.delete(oldest);
    }
  }

  /** `cursor` names a page of a profile (absent: its first page); other answers have none. */
  recall<K extends ReusableAnswer['kind']>(kind: K, url: string, cursor?: string): (ReusedAnswer & { resolution: Extract<ReusableAnswer, { kind: K }> }) | undefined {
    const key = keyOf(kind, url, cursor);
    const found = this.#answers.get(key);
    if (!found) return undefined;
    if (this.now() - found.answeredAt > this.goodForMs[kind]) {
      this.#answers.delete(key);
      return undefined;
    }
    return found as ReusedAnswer & { resolution: Extract<ReusableAnswer, { kind: K }> };
  }
}
