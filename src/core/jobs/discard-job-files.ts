import { rm } from 'node:fs/promises';
import type { CoreServices } from '../core-services';
import { removePartFiles } from '../download';
import type { JobRecord } from './job-store';
import { fetchTasks } from './plan/fetch-tasks';
import { defaultChoiceFor, settlePlan } from './plan/settle-plan';

/**
 * What a canceled job leaves that only a resume could use: the .part files (with their
 * control files) of its streams, and the video and audio halves not merged yet. Finished
 * files under their final names stay: they are the user's.
 */
export async function discardJobFiles(services: CoreServices, job: JobRecord): Promise<void> {
  if (!job.post) return;
  const settings = services.settings.get();
  const folder = job.options.folder || services.downloadFolder(settings);
  const rule = defaultChoiceFor(job.options, settings);
  const plan = settlePlan(job.post, job.plan, rule);
  const streams = fetchTasks(job.post, plan, { template: settings.fileNameTemplate, rule }).flatMap((entry) => ('downloads' in entry ? entry.downloads : []));
  const unmerged = plan.items.flatMap((item) => [item.done.videoPart, item.done.audioPart]).filter((path): path is string => path !== undefined);
  await Promise.all([...streams.map((stream) => removePartFiles(folder, stream.fileName)), ...unmerged.map((path) => rm(path, { force: true }))]);
}
