import { displayCaption } from '../../../shared/display-caption';
import type { Post } from '../../../shared/post';
import type { FileTags } from '../../media';
import type { MediaTask } from '../plan/fetch-tasks';

/** The post's date as YYYY-MM-DD: an ISO date-time, or seconds since 1970; undefined when neither. */
function dayOf(createdAt: string | undefined): string | undefined {
  if (createdAt === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}/.test(createdAt)) return createdAt.slice(0, 10);
  const seconds = Number(createdAt);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 10) : undefined;
}

/**
 * What a downloaded file of the post says about itself: the caption rule's title, the
 * author, the day, the text (when the title is not already it), the link, the site, the
 * language of the audio track the job chose, the item's place in the post and its preview as cover.
 */
export function fileTagsFor(post: Post, fallbackLink: string, task: MediaTask, coverPath: string | undefined): FileTags {
  const title = displayCaption(post).slice(0, 1000);
  const artist = (post.author?.display_name ?? post.author?.username)?.slice(0, 1000);
  const date = dayOf(post.created_at);
  const description = post.text !== undefined && post.text !== title ? post.text.slice(0, 100_000) : undefined;
  const language = task.variant?.language_tag;
  return {
    link: post.post_url ?? fallbackLink,
    mediaIndex: task.mediaIndex,
    mediaCount: post.medias.length,
    ...(title ? { title } : {}),
    ...(artist ? { artist } : {}),
    ...(date ? { date } : {}),
    ...(description ? { description } : {}),
    ...(post.site ? { site: post.site.slice(0, 200) } : {}),
    ...(language ? { audioLanguage: language } : {}),
    ...(coverPath ? { coverPath } : {}),
  };
}
