import type { Clock } from '../api';

export interface DownloadProgress {
  /** Bytes on disk or arriving, resumed bytes included. */
  bytes: number;
  total?: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  etaSeconds?: number;
}

export interface ProgressMeter {
  /** Bytes just received. Cheap: called for every chunk. */
  add(bytes: number): void;
  /** Resynchronises after a resume or a restart from zero. */
  set(bytes: number, total: number | undefined): void;
  /** Emits now regardless of the interval (start and end of a download). */
  flush(): void;
}

const WINDOW_MS = 3_000;

/** Emits at most once per `intervalMs`; speed is measured over a sliding window of samples. */
export function createProgressMeter(clock: Clock, onProgress: ((progress: DownloadProgress) => void) | undefined, intervalMs = 250): ProgressMeter {
  let bytes = 0;
  let total: number | undefined;
  let lastEmit = Number.NEGATIVE_INFINITY;
  let samples: Array<{ at: number; bytes: number }> = [];

  const emit = (now: number): void => {
    lastEmit = now;
    samples.push({ at: now, bytes });
    samples = samples.filter((sample) => sample.at >= now - WINDOW_MS);
    const first = samples[0];
    const elapsed = first === undefined ? 0 : now - first.at;
    const speed = first !== undefined && elapsed > 0 ? Math.max(0, ((bytes - first.bytes) / elapsed) * 1000) : 0;
    const progress: DownloadProgress = { bytes, speed };
    if (total !== undefined) progress.total = total;
    if (total !== undefined && speed > 0) progress.etaSeconds = Math.max(0, (total - bytes) / speed);
    onProgress?.(progress);
  };

  return {
    add(received) {
      bytes += received;
      if (onProgress === undefined) return;
      const now = clock.now();
      if (now - lastEmit >= intervalMs) emit(now);
    },
    set(next, nextTotal) {
      // Bytes going backwards (restart from zero) would show a negative speed: start over.
      if (next < bytes) samples = [];
      bytes = next;
      total = nextTotal;
    },
    flush() {
      if (onProgress !== undefined) emit(clock.now());
    },
  };
}
