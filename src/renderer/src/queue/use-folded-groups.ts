import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import type { JobView } from '../../../shared/jobs';

/** The queue groups the user folded, by their profile or playlist job's id, kept across reloads. */
const FOLDED_KEY = 'trove.queue.folded';
const foldedSchema = z.array(z.number().int());

function readFolded(): ReadonlySet<number> {
  try {
    const stored = foldedSchema.safeParse(JSON.parse(localStorage.getItem(FOLDED_KEY) ?? '[]'));
    return new Set(stored.success ? stored.data : []);
  } catch {
    // Not JSON (written by hand, or by something else): nothing folded, as on a first start.
    return new Set();
  }
}

/**
 * Which groups of the queue are folded, and the toggle: remembered in localStorage so a
 * reload (or the next start) shows the queue as the user left it. Ids of jobs no longer in
 * the queue are forgotten once the queue has been listed (not before: an empty queue that
 * has not loaded yet would forget them all).
 */
export function useFoldedGroups(jobs: readonly JobView[], listed: boolean): [ReadonlySet<number>, (id: number) => void] {
  const [folded, setFolded] = useState<ReadonlySet<number>>(readFolded);
  useEffect(() => {
    if (!listed) return;
    const present = new Set(jobs.map((job) => job.id));
    setFolded((current) => {
      const kept = [...current].filter((id) => present.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [jobs, listed]);
  useEffect(() => {
    localStorage.setItem(FOLDED_KEY, JSON.stringify([...folded]));
  }, [folded]);
  const toggle = useCallback((id: number) => {
    setFolded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  return [folded, toggle];
}
