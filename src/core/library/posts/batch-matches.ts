import type { Db } from '../../db';
import { conflicts } from './find-existing';
import type { ExistingKeys, ExistingMatch, Identity } from './find-existing';

/** What the posts of a batch are known by: its site (lower case) and id, and its links (normalized). */
export interface BatchKeys {
  readonly site: string | null;
  readonly id: string | null;
  readonly linkKeys: readonly string[];
}

export interface BatchMatches {
  /** The post this one is a copy of: stored before the batch, or written earlier in it. */
  find(keys: BatchKeys): ExistingMatch | undefined;
  /** A post the batch has just written (new, or merged into): later posts of the batch may match it. */
  written(postId: number, keys: BatchKeys): void;
}

const pairKey = (site: string, id: string): string => JSON.stringify([site, id]);
const asExisting = ({ site, id, linkKeys }: BatchKeys): ExistingKeys => ({ site: site ?? undefined, id: id ?? undefined, linkKeys });

/**
 * The duplicate check of a whole batch, as find-existing makes it for one post (same site +
 * id first, else a link, unless the post behind the link has another site or id), with two
 * queries for the batch instead of up to four per post: the stored posts its ids lead to and
 * those its links lead to. What the batch writes is then followed here, as SQL would see it:
 * a merge fills the site and id the post lacked, and a link keeps the first post that
 * recorded it (the writer inserts links with OR IGNORE).
 */
export function createBatchMatcher(db: Db): (batch: readonly BatchKeys[]) => BatchMatches {
  const storedByPair = db.prepare<[string], { id: number; site: string; platform_id: string }>(`
    SELECT p.id, p.site, p.platform_id FROM json_each(?) j
    JOIN posts p ON p.site = j.value ->> 0 AND p.platform_id = j.value ->> 1`);
  const storedByLink = db.prepare<[string], { url_key: string; id: number; site: string | null; platform_id: string | null }>(`
    SELECT l.url_key, p.id, p.site, p.platform_id FROM json_each(?) j
    JOIN post_links l ON l.url_key = j.value JOIN posts p ON p.id = l.post_id`);

  return (batch) => {
    const byPair = new Map<string, number>();
    const byLink = new Map<string, number>();
    const identities = new Map<number, Identity>();
    const pairs = batch.flatMap(({ site, id }) => (site !== null && id !== null ? [[site, id]] : []));
    for (const row of storedByPair.all(JSON.stringify(pairs))) {
      byPair.set(pairKey(row.site, row.platform_id), row.id);
      identities.set(row.id, { site: row.site, platform_id: row.platform_id });
    }
    for (const row of storedByLink.all(JSON.stringify(batch.flatMap((keys) => keys.linkKeys)))) {
      byLink.set(row.url_key, row.id);
      identities.set(row.id, { site: row.site, platform_id: row.platform_id });
    }

    return {
      find(keys) {
        if (keys.site !== null && keys.id !== null) {
          const postId = byPair.get(pairKey(keys.site, keys.id));
          if (postId !== undefined) return { id: postId, matchedBy: 'id' };
        }
        for (const key of keys.linkKeys) {
          const postId = byLink.get(key);
          if (postId !== undefined && !conflicts(identities.get(postId), asExisting(keys))) return { id: postId, matchedBy: 'url' };
        }
        return undefined;
      },
      written(postId, keys) {
        // the merge's coalesce(new, stored): a value the new data has replaces the stored one
        const before = identities.get(postId);
        const identity = { site: keys.site ?? before?.site ?? null, platform_id: keys.id ?? before?.platform_id ?? null };
        identities.set(postId, identity);
        if (identity.site !== null && identity.platform_id !== null) byPair.set(pairKey(identity.site, identity.platform_id), postId);
        for (const key of keys.linkKeys) if (!byLink.has(key)) byLink.set(key, postId);
      },
    };
  };
}
