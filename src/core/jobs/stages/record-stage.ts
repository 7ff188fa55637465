import { stat } from 'node:fs/promises';
import type { Post } from '../../../shared/post';
import { toChosenVariant } from '../../library';
import type { LibraryStore } from '../../library';
import type { SavedSubtitle } from '../../subtitles';
import type { JobOutcome } from '../job-queue';
import type { MediaTask } from '../plan/fetch-tasks';
import type { MediaPlan } from '../plan/media-plan-schema';
import type { CachedImages } from './resolve-stage';
import { outcomeOf } from '../job-outcome';

/** What the record stage needs from the engine: the library's writes. */
export type RecordPort = Pick<LibraryStore, 'upsertPosts' | 'addFile' | 'addSubtitle'>;

export interface RecordInput {
  url: string;
  post: Post;
  tasks: readonly MediaTask[];
  plan: MediaPlan;
  images: CachedImages;
  subtitles: readonly SavedSubtitle[];
}

/**
 * Stage 4: the post, its final files (with the variant downloaded and the codecs the merge
 * found) and its subtitles go into the library. A library that cannot be written fails
 * the job as its error says (a busy database may be retried, a full disk not); every file
 * stays checkpointed, so a retry only records.
 */
export async function recordStage(port: RecordPort, input: RecordInput): Promise<JobOutcome> {
  const variants = new Map(input.tasks.map((task) => [task.mediaIndex, task.variant]));
  const upserted = port.upsertPosts([
    {
      post: input.post,
      sourceUrl: input.url,
      ...(input.images.avatarPath ? { avatarPath: input.images.avatarPath } : {}),
      media: input.post.medias.map((_media, index) => {
        const variant = variants.get(index);
        const previewPath = input.images.previews[index];
        return { ...(previewPath ? { previewPath } : {}), ...(variant ? { variant: toChosenVariant(variant) } : {}) };
      }),
    },
  ]);
  if (!upserted.ok) return outcomeOf(upserted.error);
  const postId = upserted.value[0]?.id;
  if (postId === undefined) return outcomeOf({ code: 'internal', message: 'The library recorded no post for this download.' });
  for (const task of input.tasks) {
    const done = input.plan.items.find((item) => item.mediaIndex === task.mediaIndex)?.done;
    if (!done?.file) continue;
    const recorded = port.addFile({
      postId,
      mediaIndex: task.mediaIndex,
      path: done.file,
      size: (await stat(done.file)).size,
      kind: task.fileKind,
      ...(done.codecs ? { codecs: done.codecs } : {}),
    });
    if (!recorded.ok) return outcomeOf(recorded.error);
  }
  for (const subtitle of input.subtitles) {
    port.addSubtitle({
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
