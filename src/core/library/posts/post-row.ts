import type { LibraryPost } from '../library-types';
import { mediaTypesOfMask } from './media-mask';

/** The columns a LibraryPost is read from; `p` is the posts table. */
export const POST_COLUMNS = `
  p.id, p.site, p.platform_id, p.post_url, p.title, p.text, p.caption,
  p.author_username, p.author_display_name, p.author_avatar_path,
  p.view_count, p.like_count, p.created_at, p.added_at, p.total_size, p.media_mask,
  (SELECT m.preview_path FROM media_items m
    WHERE m.post_id = p.id AND m.preview_path IS NOT NULL ORDER BY m.media_index LIMIT 1) AS preview_path,
  EXISTS (SELECT 1 FROM subtitles s WHERE s.post_id = p.id) AS has_subtitles`;

export interface PostRow {
  id: number;
  site: string | null;
  platform_id: string | null;
  post_url: string | null;
  title: string | null;
  text: string | null;
  caption: string;
  author_username: string | null;
  author_display_name: string | null;
  author_avatar_path: string | null;
  view_count: number | null;
  like_count: number | null;
  created_at: number | null;
  added_at: number;
  total_size: number;
  media_mask: number;
  preview_path: string | null;
  has_subtitles: 0 | 1;
}

export const toLibraryPost = (row: PostRow): LibraryPost => ({
  id: row.id,
  site: row.site,
  platformId: row.platform_id,
  postUrl: row.post_url,
  title: row.title,
  text: row.text,
  caption: row.caption,
  author: {
    username: row.author_username,
    displayName: row.author_display_name,
    avatarPath: row.author_avatar_path,
  },
  stats: { viewCount: row.view_count, likeCount: row.like_count },
  createdAt: row.created_at,
  addedAt: row.added_at,
  totalSize: row.total_size,
  previewPath: row.preview_path,
  mediaTypes: mediaTypesOfMask(row.media_mask),
  hasSubtitles: row.has_subtitles === 1,
});
