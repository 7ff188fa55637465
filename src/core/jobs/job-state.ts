import type { JobState } from '../../shared/jobs';

/*
 * The job state machine: every state change in the queue goes through `canTransition`,
 * so the allowed moves are written down (and tested) in exactly one place.
 *
 *   queued → extracting → downloading → processing → done
 *   any active state → failed | paused | canceled | queued (re-queued at shutdown)
 *   failed | paused | canceled → queued (retry / resume)
 */
const TRANSITIONS: Readonly<Record<JobState, readonly JobState[]>> = {
  queued: ['extracting', 'downloading', 'paused', 'canceled', 'failed'],
  extracting: ['downloading', 'done', 'failed', 'paused', 'canceled', 'queued'],
  // A download whose link expired goes back to extracting (refresh) when allowed.
  downloading: ['processing', 'extracting', 'done', 'failed', 'paused', 'canceled', 'queued'],
  processing: ['done', 'failed', 'paused', 'canceled', 'queued'],
  done: [],
  failed: ['queued', 'canceled'],
  paused: ['queued', 'canceled'],
  canceled: ['queued'],
};

export const ACTIVE_STATES: readonly JobState[] = ['extracting', 'downloading', 'processing'];
export const FINISHED_STATES: readonly JobState[] = ['done', 'failed', 'canceled'];

export function canTransition(from: JobState, to: JobState): boolean {
  return TRANSITIONS[from].includes(to);
}

export const isActive = (state: JobState): boolean => ACTIVE_STATES.includes(state);
