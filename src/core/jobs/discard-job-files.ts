import { rm } from 'node:fs/promises';
import type { CoreServices } from '../core-services';
import { removePartFiles } from '../download';
import type { JobRecord } from './job-store';
import { planForJob } from './media-plan';

// The downloaded halves of a split stream still waiting for their merge.
const UNMERGED_STREAM = /^\d+\.(?:video|audio)$/u;

/**
 * What a canceled job leaves that only a resume could use: the .part files (with their
 * control files) of its streams, and the video and audio halves not merged yet. Finished
 * files under their final names stay: they are the user's.
 */
export async function discardJobFiles(services: CoreServices, job: JobRecord): Promise<void> {
  if (!job.post) return;
  const settings = services.settings.get();
  const folder = job.options.folder || services.downloadFolder(settings);
  const streams = planForJob(job, job.post, settings).flatMap((item) => ('downloads' in item ? item.downloads : []));
  const unmerged = Object.entries(job.outputs).flatMap(([key, paths]) => (UNMERGED_STREAM.test(key) ? paths : []));
  await Promise.all([
    ...streams.map((stream) => removePartFiles(folder, stream.fileName)),
    ...unmerged.map((path) => rm(path, { force: true })),
  ]);
}
