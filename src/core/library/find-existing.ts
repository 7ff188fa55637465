import type { Db } from './database';

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

/**
 * Is this post already in the library? Same site + platform id first (exact), else any
 * known link to it. Used before every charged call, and by the upsert to merge.
 * `unwrittenLinks` are links a batch has recorded but not yet inserted: each key is looked
 * up in the table, then there, as if it had been inserted (the table's entry wins).
 */
export function createExistingLookup(
  db: Db,
  unwrittenLinks?: ReadonlyMap<string, number>,
): (keys: ExistingKeys) => ExistingMatch | undefined {
  const byId = db.prepare<[string, string], { id: number }>('SELECT id FROM posts WHERE site = ? AND platform_id = ?');
  const byUrl = db.prepare<[string], { id: number }>('SELECT post_id AS id FROM post_links WHERE url_key = ?');
  return ({ site, id, linkKeys }) => {
    if (site !== undefined && id !== undefined) {
      const row = byId.get(site, id);
      if (row) return { id: row.id, matchedBy: 'id' };
    }
    for (const key of linkKeys) {
      const id = byUrl.get(key)?.id ?? unwrittenLinks?.get(key);
      if (id !== undefined) return { id, matchedBy: 'url' };
    }
    return undefined;
  };
}
