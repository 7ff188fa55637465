import { displayCaption } from '../../../shared/display-caption';
import type { MediaHeaders, Post } from '../../../shared/post';
import type { JobContext, JobOutcome } from '../job-queue';
import type { JobRecord } from '../job-store';
import type { MediaPlan } from '../plan/media-plan-schema';
import { settlePlan } from '../plan/settle-plan';
import type { DefaultChoice } from '../plan/settle-plan';

export type Extracted = { ok: true; post: Post } | { ok: false; outcome: JobOutcome };

/** What the resolve stage needs from the engine. */
export interface ResolvePort {
  /** The library post already made from this link, if any. */
  inLibrary(url: string): { id: number; caption: string } | undefined;
  /** Extracts the job's post (one charged call, recorded against the job). */
  extract(job: JobRecord, signal: AbortSignal): Promise<Extracted>;
  /** A local copy of an image whose URL expires like the media; undefined when it cannot be had. */
  cacheImage(url: string, headers?: MediaHeaders): Promise<string | undefined>;
  defaultChoice(job: JobRecord): DefaultChoice;
}

/** Previews and the avatar, saved at extraction time: their URLs expire like the media. */
export interface CachedImages {
  avatarPath?: string;
  previews: Array<string | undefined>;
}

export type Resolved = { kind: 'resolved'; job: JobRecord; post: Post; plan: MediaPlan; images: CachedImages } | { kind: 'ended'; outcome: JobOutcome };

async function cacheImages(port: ResolvePort, post: Post): Promise<CachedImages> {
  const previews = await Promise.all(post.medias.map((media) => (media.preview_url ? port.cacheImage(media.preview_url, media.headers) : undefined)));
  const avatarPath = post.author?.avatar_url ? await port.cacheImage(post.author.avatar_url) : undefined;
  return { previews, ...(avatarPath ? { avatarPath } : {}) };
}

/**
 * Stage 1: the post and the plan. A link already in the library ends the job (unless
 * forced); a job without its post extracts it; every item of the plan then has its
 * variant, chosen once and written into the job before anything is fetched.
 */
export async function resolveStage(port: ResolvePort, initial: JobRecord, context: JobContext): Promise<Resolved> {
  let job = initial;
  if (!job.post && !job.force) {
    const known = port.inLibrary(job.url);
    if (known) {
      context.enter('extracting');
      return { kind: 'ended', outcome: { kind: 'done', patch: { libraryPostId: known.id, title: known.caption || job.url } } };
    }
  }
  let post = job.post;
  if (!post) {
    job = context.enter('extracting');
    const extracted = await port.extract(job, context.signal);
    if (!extracted.ok) return { kind: 'ended', outcome: extracted.outcome };
    post = extracted.post;
    job = context.patch({ post, charged: true });
  }
  const plan = settlePlan(post, job.plan, port.defaultChoice(job));
  const images = await cacheImages(port, post);
  const thumbnail = images.previews.find(Boolean);
  job = context.enter('downloading', {
    plan,
    title: displayCaption(post) || post.id || job.url,
    ...(post.site ? { site: post.site } : {}),
    ...(thumbnail ? { thumbnail } : {}),
  });
  return { kind: 'resolved', job, post, plan, images };
}

/**
 * The one automatic second extraction of a job whose media links expired mid-download:
 * the plan and its checkpoints stay, only the links are new.
 */
export async function refreshLinks(port: ResolvePort, job: JobRecord, context: JobContext): Promise<{ ok: true; job: JobRecord; post: Post } | { ok: false; outcome: JobOutcome }> {
  const extracting = context.enter('extracting', { refreshes: job.refreshes + 1 });
  const refreshed = await port.extract(extracting, context.signal);
  if (!refreshed.ok) return refreshed;
  context.patch({ post: refreshed.post });
  return { ok: true, job: context.enter('downloading'), post: refreshed.post };
}
