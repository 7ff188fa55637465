import type { CoreServices } from '../core-services';
import { downloadFile } from '../download';
import { mergeStreams, tagFile, writeSidecar } from '../media';
import { adoptDownloadedFile, adoptMergedFile } from './adopt-finished-file';
import { discardJobFiles } from './discard-job-files';
import { extractForJob } from './extract-for-job';
import { outcomeOf } from './job-outcome';
import type { JobRunner } from './job-queue';
import type { JobRecord } from './job-store';
import { expiredWithoutRefresh } from './link-expired';
import { fetchTasks } from './plan/fetch-tasks';
import type { MediaTask } from './plan/fetch-tasks';
import { defaultChoiceFor } from './plan/settle-plan';
import { saveJobSubtitles } from './save-job-subtitles';
import { fetchStage } from './stages/fetch-stage';
import type { FetchPort } from './stages/fetch-stage';
import { postProcessStage } from './stages/post-process-stage';
import type { PostProcessPort } from './stages/post-process-stage';
import { progressTracker } from './stages/progress-tracker';
import { recordStage } from './stages/record-stage';
import { refreshLinks, resolveStage } from './stages/resolve-stage';
import type { ResolvePort } from './stages/resolve-stage';

/** Each stage's port, cut from the engine's services: a stage sees only what it uses. */
function resolvePort(services: CoreServices): ResolvePort {
  return {
    inLibrary(url) {
      const known = services.library.findExisting({ postUrl: url });
      return known.ok && known.value ? { id: known.value.post.id, caption: known.value.post.caption } : undefined;
    },
    extract: (job, signal) => extractForJob(services, job, signal),
    async cacheImage(url, headers) {
      const cached = await services.thumbnails.cache(url, headers);
      return cached.ok ? cached.value.path : undefined;
    },
    defaultChoice: (job) => defaultChoiceFor(job.options, services.settings.get()),
  };
}

function fetchPort(services: CoreServices, job: JobRecord, folder: string): FetchPort {
  return {
    download: (request) =>
      downloadFile(request, { ...services.downloadTuning, connections: services.settings.get().connectionsPerDownload, bandwidth: services.bandwidth }),
    adoptDownloaded: (fileName) => adoptDownloadedFile(services, job, folder, fileName),
    adoptMerged: (task, sources) => adoptMergedFile(services, job, task, folder, sources),
  };
}

function postProcessPort(services: CoreServices): PostProcessPort {
  return {
    async ffmpegPath() {
      const found = await services.ffmpeg();
      return found.ok ? { ok: true, value: found.value.path } : found;
    },
    merge: mergeStreams,
    tag: tagFile,
    writeSidecar,
    saveSubtitles: (request) => saveJobSubtitles(services, request),
  };
}

/**
 * The pipeline of one post, after yt-dlp's: resolve (the post, and the plan with every
 * variant chosen) → fetch (.part files, resumable) → post-process (merge into a temp name,
 * verify, rename; subtitles) → record in the library. Each finished stream and file is
 * checkpointed in the job's plan, so a restart continues where it stopped and pays
 * nothing twice. An expired link may be refreshed once, keeping the plan.
 */
export function createPostRunner(services: CoreServices): JobRunner {
  const resolve = resolvePort(services);
  const run: JobRunner = async (initial, context) => {
    const settings = services.settings.get();
    const resolved = await resolveStage(resolve, initial, context);
    if (resolved.kind === 'ended') return resolved.outcome;
    let { job, post, plan } = resolved;
    const folder = job.options.folder || services.downloadFolder(settings);
    const checkpoint = (next: typeof plan): void => {
      plan = next;
      job = context.patch({ plan: next });
    };
    const progress = progressTracker((bytes, total, speed) => context.progress(bytes, total, speed));
    const rule = defaultChoiceFor(job.options, settings);

    let tasks: MediaTask[];
    let skipped: string[];
    for (;;) {
      const entries = fetchTasks(post, plan, { template: settings.fileNameTemplate, rule });
      tasks = entries.filter((entry): entry is MediaTask => 'kind' in entry);
      skipped = entries.flatMap((entry) => ('skipped' in entry ? [entry.skipped] : []));
      const fetched = await fetchStage(fetchPort(services, job, folder), { tasks, plan, folder, progress, signal: context.signal, checkpoint });
      if (fetched.ok) break;
      if (fetched.error.code !== 'expired') return outcomeOf(fetched.error);
      if (!settings.refreshExpiredLinks || job.refreshes >= 1) return expiredWithoutRefresh();
      const refreshed = await refreshLinks(resolve, job, context);
      if (!refreshed.ok) return refreshed.outcome;
      ({ job, post } = refreshed);
    }
    if (tasks.length === 0) {
      return outcomeOf({ code: 'nothing_to_download', message: skipped[0] ?? 'This post has no media to download.' });
    }

    context.enter('processing');
    const processed = await postProcessStage(postProcessPort(services), { job, post, tasks, plan, folder, covers: resolved.images.previews, settings, signal: context.signal, checkpoint });
    if (!processed.ok) return processed.outcome;
    return recordStage(services.library, { url: job.url, post, tasks, plan: processed.plan, images: resolved.images, subtitles: processed.subtitles });
  };
  return Object.assign(run, { discard: (job: JobRecord) => discardJobFiles(services, job) });
}
