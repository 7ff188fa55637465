import type { JobProblem } from '../../../shared/jobs';
import type { CheckpointChange, ItemCheckpoint, MediaPlan } from '../plan/media-plan-schema';
import { withCheckpoint } from '../plan/media-plan-schema';

export interface PlanWriter {
  readonly plan: MediaPlan;
  /** What of one item is on disk, as the plan has it now. */
  doneOf(mediaIndex: number): ItemCheckpoint;
  /** Changes one item's checkpoint and writes the plan into the job at once. */
  record(mediaIndex: number, change: CheckpointChange): void;
  /** Sets the extras that could not be had and writes the plan into the job at once. */
  recordProblems(problems: readonly JobProblem[]): void;
}

/** The plan a stage works on, checkpointed into the job with every change (a restart resumes from it). */
export function planWriter(initial: MediaPlan, persist: (plan: MediaPlan) => void): PlanWriter {
  let plan = initial;
  return {
    get plan() {
      return plan;
    },
    doneOf: (mediaIndex) => plan.items.find((item) => item.mediaIndex === mediaIndex)?.done ?? {},
    record(mediaIndex, change) {
      plan = withCheckpoint(plan, mediaIndex, change);
      persist(plan);
    },
    recordProblems(problems) {
      const { problems: _before, ...rest } = plan;
      plan = problems.length > 0 ? { ...rest, problems: [...problems] } : rest;
      persist(plan);
    },
  };
}
