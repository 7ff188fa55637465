import type { Db } from '../../db';

export interface ExistingMatch {
  readonly id: number;
  readonly matchedBy: 'id' | 'url';
}

export interface ExistingKeys {
  readonly site?: string | undefined;
  readonly id?: string | undefined;
  /** Links already normalized with linkKey (the writer needs the keys again to store them). */
  readonly linkKeys: readonly string[];
}

export interface Identity {
  site: string | null;
  platform_id: string | null;
}

/** Both sides name a site or an id, and not the same one: another post, whatever link they share. */
export const conflicts = (stored: Identity | undefined, { site, id }: ExistingKeys): boolean =>
  (stored?.site != null && site !== undefined && stored.site.toLowerCase() !== site.toLowerCase()) ||
  (stored?.platform_id != null && id !== undefined && stored.platform_id !== id);

/**
 * Is this post already in the library? Same site + platform id first (exact), else any
 * known link to it, unless the post behind the link has another site or id (a share link
 * reused, a redirect): merging there would overwrite another post's record.
 * Used before every charged call; the upsert checks a whole batch the same way (batch-matches).
 */
export function createExistingLookup(db: Db): (keys: ExistingKeys) => ExistingMatch | undefined {
  const byId = db.prepare<[string, string], number>('SELECT id FROM posts WHERE site = ? AND platform_id = ?').pluck();
  const byUrl = db.prepare<[string], number>('SELECT post_id FROM post_links WHERE url_key = ?').pluck();
  const identity = db.prepare<[number], Identity>('SELECT site, platform_id FROM posts WHERE id = ?');
  return (keys) => {
    const { site, id, linkKeys } = keys;
    if (site !== undefined && id !== undefined) {
      // sites are stored in lower case (see the writer); a row from before that may not be
      const postId = byId.get(site.toLowerCase(), id) ?? byId.get(site, id);
      if (postId !== undefined) return { id: postId, matchedBy: 'id' };
    }
    for (const key of linkKeys) {
      const postId = byUrl.get(key);
      if (postId !== undefined && !conflicts(identity.get(postId), keys)) return { id: postId, matchedBy: 'url' };
    }
    return undefined;
  };
}
