import type { JobView } from '../../src/shared/jobs';

/** A JobView as the engine reports it, with the fields a test does not care about filled in. */
export function jobView(fields: Partial<JobView> & Pick<JobView, 'id'>): JobView {
  return {
    kind: 'post',
    url: `https://video.example/watch/v${fields.id}`,
    state: 'queued',
    position: fields.id,
    title: `Video ${fields.id}`,
    progress: { bytes: 0, speed: 0 },
    attempts: 0,
    files: [],
    createdAt: 0,
    updatedAt: 0,
    ...fields,
  };
}
