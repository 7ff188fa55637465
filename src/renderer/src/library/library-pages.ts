import type { ErrorInfo } from '../../../shared/errors';
import type { LibraryItem } from '../../../shared/library';

/** One page of results as the engine answers `library.search`. */
export interface LibraryPage {
  items: LibraryItem[];
  total: number;
}

export type FetchPage = (offset: number, limit: number) => Promise<{ ok: true; value: LibraryPage } | { ok: false; error: Pick<ErrorInfo, 'code' | 'message'> }>;

/** Results asked for at a time. */
export const LIBRARY_PAGE_SIZE = 100;

/**
 * The results of one library query, loaded a page at a time as the list scrolls: only
 * the pages the view needs are asked for (at most `maxInFlight` at once, the ones still
 * wanted when a slot frees up), so flinging through 100,000 posts does not queue
 * hundreds of requests. Each query gets a new instance; a late answer to an old one is
 * dropped by the owner.
 */
export class LibraryPages {
  readonly #items = new Map<number, LibraryItem>();
  readonly #loaded = new Set<number>();
  readonly #inFlight = new Set<number>();
  #wanted: number[] = [];
  #total: number | undefined;
  /** Pages whose last request failed, with its error, until they load or are retried. */
  readonly #failed = new Map<number, Pick<ErrorInfo, 'code' | 'message'>>();

  constructor(
    private readonly fetchPage: FetchPage,
    private readonly onChange: () => void,
    readonly pageSize = LIBRARY_PAGE_SIZE,
    private readonly maxInFlight = 2,
  ) {}

  /** Undefined until the first page answered. */
  get total(): number | undefined {
    return this.#total;
  }

  /** The latest failure among pages that have not loaded since (a later page loading does not hide it). */
  get error(): Pick<ErrorInfo, 'code' | 'message'> | undefined {
    return [...this.#failed.values()].at(-1);
  }

  item(index: number): LibraryItem | undefined {
    return this.#items.get(index);
  }

  /** Asks for the pages covering items `first`..`last` (inclusive); earlier wishes are forgotten. */
  want(first: number, last: number): void {
    const from = Math.floor(Math.max(0, first) / this.pageSize);
    const to = Math.floor(Math.max(0, last) / this.pageSize);
    this.#wanted = [];
    for (let page = from; page <= to; page += 1) if (!this.#loaded.has(page)) this.#wanted.push(page);
    this.#pump();
  }

  /** Takes page 0 as already answered (the early first page), before anything is asked for. */
  prefill(first: LibraryPage): void {
    this.#store(0, first);
  }

  /** Asks again for the pages that failed, ahead of anything else wanted. */
  retry(): void {
    this.#wanted = [...this.#failed.keys(), ...this.#wanted];
    this.#failed.clear();
    this.onChange();
    this.#pump();
  }

  #pump(): void {
    while (this.#inFlight.size < this.maxInFlight) {
      const page = this.#wanted.find((candidate) => !this.#inFlight.has(candidate) && !this.#loaded.has(candidate));
      if (page === undefined) return;
      this.#wanted = this.#wanted.filter((candidate) => candidate !== page);
      void this.#load(page);
    }
  }

  async #load(page: number): Promise<void> {
    this.#inFlight.add(page);
    const answer = await this.fetchPage(page * this.pageSize, this.pageSize);
    this.#inFlight.delete(page);
    if (answer.ok) {
      this.#store(page, answer.value);
    } else {
      // Set anew so the latest failure is last.
      this.#failed.delete(page);
      this.#failed.set(page, answer.error);
    }
    this.onChange();
    this.#pump();
  }

  #store(page: number, value: LibraryPage): void {
    this.#loaded.add(page);
    this.#total = value.total;
    this.#failed.delete(page);
    value.items.forEach((item, index) => this.#items.set(page * this.pageSize + index, item));
  }
}
