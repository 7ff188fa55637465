import type { Post } from '../../../shared/post';
import type { Db } from '../../db';
import { createBatchMatcher } from './batch-matches';
import type { BatchKeys, BatchMatches } from './batch-matches';
import type { MediaLocal, PostRecordInput, UpsertOutcome } from '../library-types';
import { linkKey } from './link-key';
import { mediaMaskOf, mediaMaskSql } from './media-mask';
import { withIndexesRebuiltAfter } from './rebuilt-indexes';

/**
 * From this many posts in one call, and at least a quarter of the posts already stored, the
 * sort and author indexes are dropped and built again after the write (see rebuilt-indexes):
 * docs/performance.md (benchmark 6) has the measurements behind both numbers.
 */
const BULK_POSTS = 5000;
const BULK_SHARE = 4;

/** The service omits fields without a value; an empty string is treated the same way. */
const present = (value: string | undefined): string | null => (value === undefined || value === '' ? null : value);

const toEpochMs = (iso: string | undefined): number | null => {
  if (iso === undefined) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
};

const postParams = (post: Post, avatarPath: string | undefined) => ({
  // one platform, one name: the service may spell it "Video" or "video" (see migration site-case)
  site: present(post.site?.toLowerCase()),
  platform_id: present(post.id),
  post_url: present(post.post_url),
  title: present(post.title),
  text: present(post.text),
  author_username: present(post.author?.username),
  author_display_name: present(post.author?.display_name),
  author_avatar_path: present(avatarPath),
  view_count: post.stats?.view_count ?? null,
  like_count: post.stats?.like_count ?? null,
  created_at: toEpochMs(post.created_at),
});

/** One post of a batch with what the writer derives from it once. */
interface Prepared {
  readonly input: PostRecordInput;
  readonly params: ReturnType<typeof postParams>;
  readonly keys: BatchKeys;
}

const mediaParams = (local: MediaLocal | undefined) => ({
  preview_path: local?.previewPath ?? null,
  variant: local?.variant ? JSON.stringify(local.variant) : null,
});

/**
 * Writes posts from the normalized model. A post already present (same site + id, else
 * a known link) is merged, never erased: a value the new data lacks keeps the old one,
 * because a playlist page often carries less than a single-post extraction did.
 */
export function createPostWriter(db: Db, now: () => number) {
  // A new post's media items and links are kept here and written once per batch (see
  // writePending): one statement for a thousand rows instead of a thousand statements.
  const unwrittenLinks = new Map<string, number>();
  const unwrittenMedia: unknown[][] = [];
  const matchBatch = createBatchMatcher(db);
  // the columns in postParams' order, then the times and the mask: bound by position, which
  // is cheaper than by name for a statement run once per new post
  const insertPost = db.prepare(`
    INSERT INTO posts (site, platform_id, post_url, title, text, author_username, author_display_name,
      author_avatar_path, view_count, like_count, created_at, added_at, updated_at, media_mask)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const mergePost = db.prepare(`
    UPDATE posts SET
      site = coalesce(@site, site), platform_id = coalesce(@platform_id, platform_id),
      post_url = coalesce(@post_url, post_url), title = coalesce(@title, title),
      -- a text equal to the stored title, with no title beside it, is the legacy API's one
      -- caption (the title on sites with titles): the description it would replace stays
      text = CASE WHEN @title IS NULL AND @text = title THEN text ELSE coalesce(@text, text) END,
      author_username = coalesce(@author_username, author_username),
      author_display_name = coalesce(@author_display_name, author_display_name),
      author_avatar_path = coalesce(@author_avatar_path, author_avatar_path),
      view_count = coalesce(@view_count, view_count), like_count = coalesce(@like_count, like_count),
      created_at = coalesce(@created_at, created_at), updated_at = @now
    WHERE id = @id`);
  const upsertMedia = db.prepare(`
    INSERT INTO media_items (post_id, media_index, media_type, duration, preview_path, variant)
    VALUES (@post_id, @media_index, @media_type, @duration, @preview_path, @variant)
    ON CONFLICT (post_id, media_index) DO UPDATE SET
      media_type = excluded.media_type, duration = coalesce(excluded.duration, duration),
      preview_path = coalesce(excluded.preview_path, preview_path), variant = coalesce(excluded.variant, variant)`);
  const patchMedia = db.prepare(`
    UPDATE media_items SET preview_path = coalesce(@preview_path, preview_path), variant = coalesce(@variant, variant)
    WHERE post_id = @post_id AND media_index = @media_index`);
  // a merged post keeps media items the new data lacks, so its types are read back from them
  const refreshMediaMask = db.prepare<[number]>(`UPDATE posts SET media_mask = ${mediaMaskSql('posts.id')} WHERE id = ?`);
  const addLink = db.prepare('INSERT OR IGNORE INTO post_links (url_key, post_id) VALUES (?, ?)');
  const addLinks = db.prepare<[string]>(`
    INSERT OR IGNORE INTO post_links (url_key, post_id) SELECT value ->> 0, value ->> 1 FROM json_each(?)`);
  const addMedia = db.prepare<[string]>(`
    INSERT INTO media_items (post_id, media_index, media_type, duration, preview_path, variant)
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5 FROM json_each(?)`);
  // new posts enter the search index together, in one statement (see search-index-migration)
  const indexPosts = db.prepare<[string]>(`
    INSERT INTO posts_fts (rowid, title, text, author_username, author_display_name, site)
    SELECT id, title, text, author_username, author_display_name, site FROM posts
    WHERE id IN (SELECT value FROM json_each(?))`);
  const unindexed = new Set<number>();
  const dropPending = (): void => {
    unwrittenMedia.length = 0;
    unwrittenLinks.clear();
    unindexed.clear();
  };
  const writePending = (): void => {
    if (unwrittenMedia.length > 0) addMedia.run(JSON.stringify(unwrittenMedia));
    if (unwrittenLinks.size > 0) addLinks.run(JSON.stringify([...unwrittenLinks]));
    if (unindexed.size > 0) indexPosts.run(JSON.stringify([...unindexed]));
    dropPending();
  };

  const writeOne = ({ input: { post, media }, params, keys }: Prepared, matches: BatchMatches): UpsertOutcome => {
    const time = now();
    const { linkKeys } = keys;
    const existing = matches.find(keys);
    if (existing) {
      const { id } = existing;
      // a merge reads and edits what earlier posts of the batch wrote (media, search entry)
      writePending();
      mergePost.run({ ...params, now: time, id });
      post.medias.forEach((item, index) => {
        upsertMedia.run({ post_id: id, media_index: index, media_type: item.media_type, duration: item.duration ?? null, ...mediaParams(media?.[index]) });
      });
      refreshMediaMask.run(id);
      for (const key of linkKeys) addLink.run(key, id);
      matches.written(id, keys);
      return { id, created: false };
    }
    // a new post's media items are exactly these
    const mask = mediaMaskOf(post.medias.map((item) => item.media_type));
    const id = Number(insertPost.run(...Object.values(params), time, time, mask).lastInsertRowid);
    unindexed.add(id);
    post.medias.forEach((item, index) => {
      const { preview_path, variant } = mediaParams(media?.[index]);
      unwrittenMedia.push([id, index, item.media_type, item.duration ?? null, preview_path, variant]);
    });
    for (const key of linkKeys) if (!unwrittenLinks.has(key)) unwrittenLinks.set(key, id);
    matches.written(id, keys);
    return { id, created: true };
  };

  const writeBatch = (inputs: readonly PostRecordInput[]): UpsertOutcome[] => {
    dropPending(); // what a failed batch left
    const prepared = inputs.map((input): Prepared => {
      const params = postParams(input.post, input.avatarPath);
      // each link normalized once: for the duplicate check, then to be stored
      const linkKeys = [input.post.post_url, input.sourceUrl].filter((link): link is string => link !== undefined && link.trim() !== '').map(linkKey);
      return { input, params, keys: { site: params.site, id: params.platform_id, linkKeys } };
    });
    const matches = matchBatch(prepared.map(({ keys }) => keys));
    const outcomes = prepared.map((entry) => writeOne(entry, matches));
    writePending();
    return outcomes;
  };
  const highestId = db.prepare<[], number | null>('SELECT max(id) FROM posts').pluck();
  const isBulk = (count: number): boolean => count >= BULK_POSTS && count * BULK_SHARE >= (highestId.get() ?? 0);

  return {
    /** One transaction for the whole batch: a playlist page, or a bulk import (then the indexes are built after it). */
    upsertPosts: db.transaction((inputs: readonly PostRecordInput[]): UpsertOutcome[] =>
      isBulk(inputs.length) ? withIndexesRebuiltAfter(db, () => writeBatch(inputs)) : writeBatch(inputs),
    ),
    /** Record the cached preview or the chosen variant of one media item; false if there is no such item. */
    setMediaLocal: (postId: number, mediaIndex: number, local: MediaLocal): boolean =>
      patchMedia.run({ post_id: postId, media_index: mediaIndex, ...mediaParams(local) }).changes > 0,
  };
}
