import type { PostPick } from '../../shared/contract';
import { displayCaption } from '../../shared/display-caption';
import { failWith as refuse } from '../../shared/errors';
import type { ErrorInfo, Result } from '../../shared/errors';
import type { DownloadOptions } from '../../shared/jobs';
import type { Post } from '../../shared/post';
import type { NewJob } from '../jobs';
import type { ResolutionCache } from '../jobs';
import type { MediaPlan } from '../jobs';
import { variantRef } from '../jobs';

/** The plan of the items picked from a post, each with the variant chosen on the preview; refused when a pick is not in the post. */
function planOfPicks(post: Post, media: NonNullable<PostPick['media']>): Result<MediaPlan, ErrorInfo> {
  const count = post.medias.length;
  const items: MediaPlan['items'] = [];
  for (const pick of [...media].sort((a, b) => a.index - b.index)) {
    const item = post.medias[pick.index];
    if (!item) return refuse('invalid_input', `A chosen media item is not in this post (it has ${count}).`);
    if (items.some((earlier) => earlier.mediaIndex === pick.index)) return refuse('invalid_input', `Media item ${pick.index + 1} is chosen twice.`);
    if (pick.variant === undefined) {
      items.push({ mediaIndex: pick.index, done: {} });
      continue;
    }
    const variant = item.variants?.[pick.variant];
    if (!variant) return refuse('invalid_input', `Media item ${pick.index + 1} has no variant ${pick.variant + 1}.`);
    items.push({ mediaIndex: pick.index, variant: variantRef(variant), done: {} });
  }
  return { ok: true, value: { items } };
}

/** What a pick of a post already in the library does without `again`: refuse the call, or leave the post out. */
export type KnownPostRule = 'refuse' | 'leaveOut';

/** The jobs to add, and the library ids of known posts left out. */
export interface PickedJobs {
  jobs: NewJob[];
  inLibrary: number[];
}

/**
 * The jobs for posts picked from previews: one job per post, carrying the post (already
 * paid for, so the job needs no extraction) and the plan of the items and variants the
 * user chose. Every pick is checked before any job is made, so a bad one queues nothing.
 * A post the library has already is downloaded again (as "name (1)") only when picked
 * `again`: never a silent copy. `libraryIdOf` recognises it as a preview did.
 */
export function jobsOfPicks(
  resolutions: ResolutionCache,
  picks: readonly PostPick[],
  options: DownloadOptions,
  known: { libraryIdOf: (post: Post, previewedFrom: string) => number | undefined; rule: KnownPostRule },
): Result<PickedJobs, ErrorInfo> {
  const jobs: NewJob[] = [];
  const inLibrary: number[] = [];
  for (const pick of picks) {
    const resolution = resolutions.get(pick.resolutionId);
    if (!resolution || resolution.kind === 'subtitles') {
      return refuse('resolution_expired', 'This preview is too old: paste the link again to get fresh media links.');
    }
    const chosenPosts =
      resolution.kind === 'post'
        ? pick.postIndex === undefined || pick.postIndex === 0
          ? [resolution.post]
          : [undefined]
        : pick.postIndex === undefined
          ? resolution.page.posts
          : [resolution.page.posts[pick.postIndex]];
    if (pick.media && chosenPosts.length !== 1) return refuse('invalid_input', 'Media items can be chosen for a single post only, not for a page of posts.');
    for (const post of chosenPosts) {
      if (!post) return refuse('invalid_input', 'A chosen post is not on this page.');
      const plan = pick.media ? planOfPicks(post, pick.media) : undefined;
      if (plan && !plan.ok) return plan;
      const libraryId = pick.again ? undefined : known.libraryIdOf(post, resolution.url);
      if (libraryId !== undefined) {
        if (known.rule === 'refuse') {
          return refuse('duplicate', `"${displayCaption(post) || resolution.url}" is already in the library: download it again as a copy on purpose.`, { libraryId });
        }
        inLibrary.push(libraryId);
        continue;
      }
      jobs.push({
        kind: 'post',
        url: post.post_url ?? resolution.url,
        options: pick.options ?? options,
        post,
        charged: resolution.kind === 'post',
        force: true,
        title: displayCaption(post),
        ...(post.site ? { site: post.site } : {}),
        ...(plan ? { plan: plan.value } : {}),
      });
    }
  }
  return { ok: true, value: { jobs, inLibrary } };
}
