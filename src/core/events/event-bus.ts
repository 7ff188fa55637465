import type { EventName, EventPayload } from '../../shared/contract';

type AnyListener = (name: EventName, payload: unknown) => void;

/** The Core's typed event emitter. A throwing listener never breaks the engine. */
export class EventBus {
  readonly #listeners = new Set<AnyListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    for (const listener of this.#listeners) {
      try {
        listener(name, payload);
      } catch {
        // A face's bug must not stop downloads; the face logs its own failures.
      }
    }
  }

  onAny(listener: AnyListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.onAny((emitted, payload) => {
      if (emitted === name) listener(payload as EventPayload<E>);
    });
  }
}

/**
 * Coalesces frequent updates per key (job progress) so faces get at most one update per
 * key per interval, always ending with the latest value.
 */
export class Coalescer<K, V> {
  readonly #pending = new Map<K, V>();
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly intervalMs: number,
    private readonly flushOne: (key: K, value: V) => void,
  ) {}

  push(key: K, value: V): void {
    this.#pending.set(key, value);
    this.#timer ??= setTimeout(() => this.flush(), this.intervalMs);
  }

  flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const entries = [...this.#pending];
    this.#pending.clear();
    for (const [key, value] of entries) this.flushOne(key, value);
  }
}
