import type { Db } from '../../db';
import type { ProfileInput, ProfileRecord } from '../library-types';
import { linkKey } from '../posts/link-key';

interface ProfileRow {
  id: number;
  url: string;
  site: string | null;
  username: string | null;
  display_name: string | null;
  avatar_path: string | null;
  post_count: number | null;
  follower_count: number | null;
  cursor: string | null;
  cursor_at: number | null;
  last_sync_at: number | null;
  updated_at: number;
}

const toProfileRecord = (row: ProfileRow): ProfileRecord => ({
  id: row.id,
  url: row.url,
  site: row.site,
  username: row.username,
  displayName: row.display_name,
  avatarPath: row.avatar_path,
  postCount: row.post_count,
  followerCount: row.follower_count,
  cursor: row.cursor,
  cursorAt: row.cursor_at,
  lastSyncAt: row.last_sync_at,
  updatedAt: row.updated_at,
});

const COLUMNS = 'id, url, site, username, display_name, avatar_path, post_count, follower_count, cursor, cursor_at, last_sync_at, updated_at';

/**
 * Profiles and playlists, keyed by the link they are fetched from. The cursor columns are
 * the paging checkpoint: written after every page, so a crash never buys a page twice.
 */
export function createProfileStore(db: Db, now: () => number) {
  const upsert = db.prepare<Record<string, unknown>, ProfileRow>(`
    INSERT INTO profiles (url_key, url, site, username, display_name, avatar_path, post_count, follower_count, added_at, updated_at)
    VALUES (@url_key, @url, @site, @username, @display_name, @avatar_path, @post_count, @follower_count, @now, @now)
    ON CONFLICT (url_key) DO UPDATE SET
      site = coalesce(excluded.site, site), username = coalesce(excluded.username, username),
      display_name = coalesce(excluded.display_name, display_name),
      avatar_path = coalesce(excluded.avatar_path, avatar_path),
      post_count = coalesce(excluded.post_count, post_count),
      follower_count = coalesce(excluded.follower_count, follower_count), updated_at = excluded.updated_at
    RETURNING ${COLUMNS}`);
  const byKey = db.prepare<[string], ProfileRow>(`SELECT ${COLUMNS} FROM profiles WHERE url_key = ?`);
  const all = db.prepare<[], ProfileRow>(`SELECT ${COLUMNS} FROM profiles ORDER BY coalesce(display_name, username, url) COLLATE NOCASE`);
  const checkpoint = db.prepare<[string | null, number, number]>('UPDATE profiles SET cursor = ?, cursor_at = ? WHERE id = ?');
  const synced = db.prepare<[number, number]>('UPDATE profiles SET cursor = NULL, cursor_at = NULL, last_sync_at = ? WHERE id = ?');

  return {
    upsertProfile(input: ProfileInput): ProfileRecord {
      const row = upsert.get({
        url_key: linkKey(input.url),
        url: input.url,
        site: input.site ?? null,
        username: input.username ?? null,
        display_name: input.displayName ?? null,
        avatar_path: input.avatarPath ?? null,
        post_count: input.postCount ?? null,
        follower_count: input.followerCount ?? null,
        now: now(),
      });
      if (!row) throw new Error('INSERT … RETURNING gave no row');
      return toProfileRecord(row);
    },
    getProfile(url: string): ProfileRecord | null {
      const row = byKey.get(linkKey(url));
      return row ? toProfileRecord(row) : null;
    },
    listProfiles: (): ProfileRecord[] => all.all().map(toProfileRecord),
    /** The cursor of the next page to fetch (null: start over); false if there is no such profile. */
    checkpointProfile: (id: number, cursor: string | null): boolean => checkpoint.run(cursor, now(), id).changes > 0,
    /** The last page was stored: clear the checkpoint and remember when. */
    markProfileSynced: (id: number): boolean => synced.run(now(), id).changes > 0,
  };
}
