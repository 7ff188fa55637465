import type { Db } from '../../db';

/**
 * The posts indexes whose keys arrive in random order during an import (sort by date added,
 * creation date, title, size; the two author names): each new post dirties a different leaf
 * page of each, so a large insert rewrites most of them. Building them afterwards sorts the
 * keys once instead. The UNIQUE (site, platform_id) index stays: the merge looks posts up by it.
 */
const REBUILT = ['posts_by_added', 'posts_by_created', 'posts_by_title', 'posts_by_size', 'posts_author', 'posts_author_name'];

/**
 * Run `write` with those indexes dropped, then create them again from their own stored
 * definitions (so the migrations stay their only source). Must run inside the caller's
 * transaction: schema changes are transactional in SQLite, so a failed write rolls back to
 * the indexes it started with, and other connections only ever see the indexes present.
 */
export function withIndexesRebuiltAfter<T>(db: Db, write: () => T): T {
  const placeholders = REBUILT.map(() => '?').join(', ');
  const definitions = db
    .prepare<string[], { name: string; sql: string }>(`SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND name IN (${placeholders})`)
    .all(...REBUILT);
  for (const { name } of definitions) db.exec(`DROP INDEX ${name}`);
  const result = write();
  for (const { sql } of definitions) db.exec(sql);
  return result;
}
