import { stat } from 'node:fs/promises';
import { displayCaption } from '../../shared/display-caption';
import type { Post } from '../../shared/post';
import type { CoreServices } from '../core-services';
import type { DownloadError } from '../download';
import { downloadFile } from '../download';
import { toChosenVariant } from '../library';
import { mergeStreams } from '../media';
import type { SavedSubtitle } from '../subtitles';
import { adoptDownloadedFile, adoptMergedFile } from './adopt-finished-file';
import { extractForJob } from './extract-for-job';
import type { JobContext, JobOutcome, JobRunner } from './job-queue';
import type { JobRecord } from './job-store';
import { expiredWithoutRefresh } from './link-expired';
import type { MediaTask } from './media-plan';
import { planForJob } from './media-plan';
import { discardJobFiles } from './discard-job-files';
import { checkpointedSubtitles, saveJobSubtitles, subtitleOutputs } from './save-job-subtitles';

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

interface CachedImages {
  avatarPath?: string;
  previews: Array<string | undefined>;
}

/** Previews and the avatar are saved at extraction time: their URLs expire like the media. */
async function cacheImages(services: CoreServices, post: Post): Promise<CachedImages> {
  const previews = await Promise.all(
    post.medias.map(async (media) => {
      if (!media.preview_url) return undefined;
      const cached = await services.thumbnails.cache(media.preview_url, media.headers);
      return cached.ok ? cached.value.path : undefined;
    }),
  );
  const avatar = post.author?.avatar_url ? await services.thumbnails.cache(post.author.avatar_url) : undefined;
  return { previews, ...(avatar?.ok ? { avatarPath: avatar.value.path } : {}) };
}

function downloadFailure(error: DownloadError): JobOutcome {
  if (error.code === 'canceled') return { kind: 'aborted' };
  return { kind: 'failed', error: { code: error.code, message: error.message, retryable: error.retryable } };
}

/** Sums the progress of the downloads of one job into one figure for the faces. */
function progressTracker(context: JobContext) {
  const bytes = new Map<string, number>();
  const totals = new Map<string, number | undefined>();
  const speeds = new Map<string, number>();
  const report = (): void => {
    const known = [...totals.values()];
    const total = known.every((value) => value !== undefined) ? known.reduce<number>((sum, value) => sum + (value ?? 0), 0) : undefined;
    const sum = (map: Map<string, number>): number => [...map.values()].reduce((a, b) => a + b, 0);
    context.progress(sum(bytes), total, sum(speeds));
  };
  return {
    expect(key: string, total: number | undefined): void {
      if (!totals.has(key)) totals.set(key, total);
    },
    update(key: string, done: number, total: number | undefined, speed: number): void {
      bytes.set(key, done);
      if (total !== undefined) totals.set(key, total);
      speeds.set(key, speed);
      report();
    },
    finish(key: string, size: number): void {
      bytes.set(key, size);
      totals.set(key, size);
      speeds.set(key, 0);
      report();
    },
  };
}

/**
 * The pipeline of one post, after yt-dlp's: resolve (extract unless the job already has
 * the post) → fetch bytes (.part files, resumable) → post-process (merge into a temp name,
 * verify, rename; subtitles) → record in the library. Each finished stream and file is
 * checkpointed in the job, so a restart continues where it stopped and pays nothing twice.
 */
export function createPostRunner(services: CoreServices): JobRunner {
  const run: JobRunner = async (initial, context) => {
    let job = initial;
    const settings = services.settings.get();

    if (!job.post && !job.force) {
      const known = services.library.findExisting({ postUrl: job.url });
      if (known.ok && known.value) {
        context.enter('extracting');
        return { kind: 'done', patch: { libraryPostId: known.value.post.id, title: known.value.post.caption || job.url } };
      }
    }
    if (!job.post) {
      job = context.enter('extracting');
      const extracted = await extractForJob(services, job, context.signal);
      if (!extracted.ok) return extracted.outcome;
      job = context.patch({ post: extracted.post, charged: true });
    }

    let post = job.post as Post;
    const images = await cacheImages(services, post);
    job = context.enter('downloading', {
      title: displayCaption(post) || post.id || job.url,
      ...(post.site ? { site: post.site } : {}),
      ...(images.previews.find(Boolean) ? { thumbnail: images.previews.find(Boolean) } : {}),
    });
    const folder = job.options.folder || services.downloadFolder(settings);
    const outputs = { ...job.outputs };
    const progress = progressTracker(context);

    // Download every stream, checkpointing each; an expired link may be refreshed once.
    let tasks: MediaTask[];
    const skipped: string[] = [];
    for (;;) {
      const plan = planForJob(job, post, settings);
      tasks = plan.filter((item): item is MediaTask => 'kind' in item);
      skipped.splice(0, skipped.length, ...plan.flatMap((item) => ('skipped' in item ? [item.skipped] : [])));
      const failure = await downloadAll(services, tasks, { job, folder, outputs, progress, context });
      if (!failure) break;
      if (failure.code !== 'expired') return downloadFailure(failure);
      if (!settings.refreshExpiredLinks || job.refreshes >= 1) return expiredWithoutRefresh();
      job = context.enter('extracting', { refreshes: job.refreshes + 1 });
      const refreshed = await extractForJob(services, job, context.signal);
      if (!refreshed.ok) return refreshed.outcome;
      post = refreshed.post;
      context.patch({ post });
      job = context.enter('downloading');
    }
    if (tasks.length === 0) {
      return { kind: 'failed', error: { code: 'nothing_to_download', message: skipped[0] ?? 'This post has no media to download.', retryable: false } };
    }

    context.enter('processing');
    // Embedding asked for in the settings needs ffmpeg as much as one asked for by the job.
    const embedWanted = job.options.subtitles?.embed ?? (settings.saveSubtitles && settings.embedSubtitles);
    const ffmpegPath = tasks.some((task) => task.kind === 'merge') || embedWanted ? await services.ffmpeg() : undefined;
    if (ffmpegPath && !ffmpegPath.ok) return { kind: 'failed', error: { ...ffmpegPath.error, retryable: false } };
    const codecs = new Map<number, string>();
    for (const task of tasks) {
      const key = String(task.mediaIndex);
      if (outputs[key]?.length && (await exists(outputs[key][0] as string))) continue;
      if (task.kind === 'single') {
        outputs[key] = outputs[`${key}.file`] ?? [];
        delete outputs[`${key}.file`];
      } else {
        const merged = await mergeStreams({
          ffmpegPath: (ffmpegPath as { ok: true; value: { path: string } }).value.path,
          videoPath: outputs[`${key}.video`]?.[0] as string,
          audioPath: outputs[`${key}.audio`]?.[0] as string,
          baseName: task.stem,
          directory: folder,
          keepSources: settings.keepSourceStreams,
          ...(task.media.duration ? { expectedDurationSeconds: task.media.duration } : {}),
          signal: context.signal,
        });
        if (!merged.ok) {
          if (merged.error.code === 'canceled') return { kind: 'aborted' };
          return { kind: 'failed', error: { code: merged.error.code, message: merged.error.message, retryable: false } };
        }
        outputs[key] = [merged.value.path];
        codecs.set(task.mediaIndex, `${merged.value.videoCodec}+${merged.value.audioCodec}`);
        delete outputs[`${key}.video`];
        delete outputs[`${key}.audio`];
      }
      job = context.patch({ outputs });
    }

    const earlier = await checkpointedSubtitles(outputs);
    const subtitles = await saveJobSubtitles(services, {
      job,
      post,
      videoPath: tasks.filter((task) => task.fileKind === 'video').flatMap((task) => outputs[String(task.mediaIndex)] ?? [])[0],
      folder,
      ...(ffmpegPath?.ok ? { ffmpegPath: ffmpegPath.value.path } : {}),
      signal: context.signal,
      ...(earlier ? { earlier } : {}),
      checkpoint: (saved, embedPending) => {
        job = context.patch({ outputs: { ...outputs, ...subtitleOutputs(saved, embedPending) } });
      },
    });
    // A pause or cancel during the subtitles: the job is not done; what was saved is checkpointed.
    if (context.signal.aborted) return { kind: 'aborted' };
    return recordInLibrary(services, job, post, tasks, outputs, images, codecs, subtitles);
  };
  return Object.assign(run, { discard: (job: JobRecord) => discardJobFiles(services, job) });
}

async function downloadAll(
  services: CoreServices,
  tasks: readonly MediaTask[],
  state: { job: JobRecord; folder: string; outputs: Record<string, string[]>; progress: ReturnType<typeof progressTracker>; context: JobContext },
): Promise<DownloadError | undefined> {
  const settings = services.settings.get();
  for (const task of tasks) {
    const key = String(task.mediaIndex);
    if (state.outputs[key]?.length && (await exists(state.outputs[key][0] as string))) continue;
    if (task.kind === 'merge') {
      const sources = task.downloads.flatMap((stream) => state.outputs[`${key}.${stream.role}`] ?? []);
      const adopted = await adoptMergedFile(services, state.job, task, state.folder, sources);
      if (adopted) {
        state.outputs[key] = [adopted];
        for (const stream of task.downloads) delete state.outputs[`${key}.${stream.role}`];
        state.context.patch({ outputs: state.outputs });
        continue;
      }
    }
    for (const stream of task.downloads) state.progress.expect(`${key}.${stream.role}`, stream.expectedSize);
    // The video and audio of a split stream come down side by side.
    const results = await Promise.all(
      task.downloads.map(async (stream) => {
        const streamKey = `${key}.${stream.role}`;
        const recorded = state.outputs[streamKey]?.[0];
        const done = recorded && (await exists(recorded)) ? recorded : await adoptDownloadedFile(services, state.job, state.folder, stream.fileName);
        if (done) {
          state.progress.finish(streamKey, (await stat(done)).size);
          if (done !== recorded) {
            state.outputs[streamKey] = [done];
            state.context.patch({ outputs: state.outputs });
          }
          return undefined;
        }
        const result = await downloadFile(
          {
            url: stream.url,
            ...(task.headers ? { headers: task.headers } : {}),
            directory: state.folder,
            fileName: stream.fileName,
            ...(stream.expectedSize !== undefined ? { expectedSize: stream.expectedSize } : {}),
            signal: state.context.signal,
            onProgress: (p) => state.progress.update(streamKey, p.bytes, p.total, p.speed),
          },
          { ...services.downloadTuning, connections: settings.connectionsPerDownload, bandwidth: services.bandwidth },
        );
        if (!result.ok) return result.error;
        state.progress.finish(streamKey, result.bytes);
        state.outputs[streamKey] = [result.path];
        state.context.patch({ outputs: state.outputs });
        return undefined;
      }),
    );
    const failure = results.find((result) => result !== undefined);
    if (failure) return failure;
  }
  return undefined;
}

async function recordInLibrary(
  services: CoreServices,
  job: JobRecord,
  post: Post,
  tasks: readonly MediaTask[],
  outputs: Record<string, string[]>,
  images: CachedImages,
  codecs: Map<number, string>,
  subtitles: readonly SavedSubtitle[],
): Promise<JobOutcome> {
  const variants = new Map(tasks.map((task) => [task.mediaIndex, task.variant]));
  const upserted = services.library.upsertPosts([
    {
      post,
      sourceUrl: job.url,
      ...(images.avatarPath ? { avatarPath: images.avatarPath } : {}),
      media: post.medias.map((_media, index) => {
        const variant = variants.get(index);
        const previewPath = images.previews[index];
        return { ...(previewPath ? { previewPath } : {}), ...(variant ? { variant: toChosenVariant(variant) } : {}) };
      }),
    },
  ]);
  if (!upserted.ok) return { kind: 'failed', error: { ...upserted.error, retryable: true } };
  const postId = upserted.value[0]?.id as number;
  for (const task of tasks) {
    for (const path of outputs[String(task.mediaIndex)] ?? []) {
      const size = (await stat(path)).size;
      const recorded = services.library.addFile({
        postId,
        mediaIndex: task.mediaIndex,
        path,
        size,
        kind: task.fileKind,
        ...(codecs.has(task.mediaIndex) ? { codecs: codecs.get(task.mediaIndex) } : {}),
      });
      if (!recorded.ok) return { kind: 'failed', error: { ...recorded.error, retryable: true } };
    }
  }
  for (const subtitle of subtitles) {
    services.library.addSubtitle({
      postId,
      path: subtitle.path,
      size: subtitle.size,
      languageTag: subtitle.languageTag,
      languageName: subtitle.languageName,
      format: subtitle.format,
    });
  }
  return { kind: 'done', patch: { libraryPostId: postId } };
}
