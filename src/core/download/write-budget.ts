/**
 * Bytes received but not yet written, counted across every download of the process, so
 * memory stays bounded whatever the number of downloads, connections or file sizes. A
 * connection that finds the budget spent pauses its socket (TCP backpressure then slows
 * the sender) until writes hand bytes back.
 */
export interface WriteBudget {
  readonly capacity: number;
  /** Bytes held now. */
  readonly held: number;
  /**
   * Counts `bytes` as held; false when the budget is now spent and the caller should pause.
   * Spending it asks every registered holder to write what it has gathered.
   */
  hold(bytes: number): boolean;
  /** The bytes were written (or dropped); wakes paused callers once there is room. */
  release(bytes: number): void;
  /** Calls `resume` once when there is room again. */
  whenRoom(resume: () => void): void;
  /** Forgets a `whenRoom` callback (its connection ended while paused). */
  cancel(resume: () => void): void;
  /**
   * Registers a holder's `flush` (start writing what it holds), called whenever the budget
   * is spent: bytes gathered by a slow connection that is not due to write yet would
   * otherwise keep every other connection paused. Returns the unregistration.
   */
  register(flush: () => void): () => void;
}

const MiB = 1024 * 1024;

export function createWriteBudget(capacity: number): WriteBudget {
  let held = 0;
  const waiting = new Set<() => void>();
  const holders = new Set<() => void>();
  return {
    capacity,
    get held() {
      return held;
    },
    hold(bytes) {
      held += bytes;
      if (held < capacity) return true;
      for (const flush of holders) flush();
      return false;
    },
    release(bytes) {
      held -= bytes;
      if (held >= capacity || waiting.size === 0) return;
      const resumes = [...waiting];
      waiting.clear();
      for (const resume of resumes) resume();
    },
    whenRoom(resume) {
      if (held < capacity) resume();
      else waiting.add(resume);
    },
    cancel(resume) {
      waiting.delete(resume);
    },
    register(flush) {
      holders.add(flush);
      return () => holders.delete(flush);
    },
  };
}

/**
 * The process-wide budget every download shares unless given its own. 8 MiB lets each of
 * 32 connections write 256 KiB at a time (benchmark 7: 8 downloads × 4 connections); the
 * buffers are freed once written (`free-spent-buffer.ts`), so this is about all the
 * memory downloads hold.
 */
export const sharedWriteBudget: WriteBudget = createWriteBudget(8 * MiB);
