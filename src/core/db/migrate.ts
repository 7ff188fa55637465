import type { Result } from '../../shared/errors';
import { err, ok } from '../../shared/errors';
import type { Db } from './database';
import { toDatabaseError } from './sqlite-error';

/**
 * One step of the schema. Versions are global to the database file (library, credits and
 * jobs share it), start at 1 and have no gaps; `up` runs inside a transaction together
 * with the `PRAGMA user_version` bump, so a step is applied whole or not at all.
 */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: (db: Db) => void;
}

/**
 * Order the steps into the one list and check it: a duplicate or missing version is a
 * programming error, so it throws at start-up.
 */
export function mergeMigrations(...lists: ReadonlyArray<readonly Migration[]>): readonly Migration[] {
  const merged = lists.flat().sort((a, b) => a.version - b.version);
  merged.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      const seen = merged.filter((other) => other.version === migration.version).map((other) => other.name);
      throw new Error(
        seen.length > 1
          ? `Migration version ${migration.version} is used twice (${seen.join(', ')}).`
          : `Migration versions must be 1, 2, 3…: expected ${index + 1}, found ${migration.version} (${migration.name}).`,
      );
    }
  });
  return merged;
}

export const latestVersion = (migrations: readonly Migration[]): number => migrations.at(-1)?.version ?? 0;

export const schemaVersion = (db: Db): number => db.pragma('user_version', { simple: true }) as number;

/*
 * With foreign keys enforced (openDatabase turns them on, and a transaction cannot turn them
 * off) SQLite itself refuses a step's write that breaks one, so the step cannot leave a
 * violation behind. `PRAGMA foreign_key_check` reads every child row of every table (0.2 s
 * a step at 100,000 posts, 1.6 s over an upgrade from schema 5): it is run only on a
 * connection that does not enforce them.
 */
const foreignKeysEnforced = (db: Db): boolean => db.pragma('foreign_keys', { simple: true }) === 1;

export interface MigrationOutcome {
  readonly from: number;
  readonly to: number;
}

/**
 * Bring the database up to `target` (default: the newest known version). A database
 * written by a newer Trove is refused rather than guessed at. Each step re-reads the
 * version inside its own IMMEDIATE transaction, so two processes starting at once
 * cannot apply the same step twice.
 */
export function migrateDatabase(
  db: Db,
  migrations: readonly Migration[],
  target = latestVersion(migrations),
): Result<MigrationOutcome> {
  const latest = latestVersion(migrations);
  const from = schemaVersion(db);
  if (from > latest) {
    return err({
      code: 'database_too_new',
      message: `This library was created by a newer Trove (schema ${from}); update Trove.`,
      retryable: false,
      detail: { schema: from, supported: latest },
    });
  }
  for (const migration of migrations) {
    if (migration.version <= from || migration.version > target) continue;
    const step = db.transaction(() => {
      if (schemaVersion(db) >= migration.version) return;
      migration.up(db);
      if (!foreignKeysEnforced(db)) {
        const violations = db.pragma('foreign_key_check') as unknown[];
        if (violations.length > 0) throw new Error(`${violations.length} foreign key violation(s)`);
      }
      db.pragma(`user_version = ${migration.version}`);
    });
    try {
      step.immediate();
    } catch (error) {
      const cause = toDatabaseError(error);
      return err({
        code: 'migration_failed',
        message: `Could not upgrade the library to schema ${migration.version} (${migration.name}): ${cause.message}`,
        retryable: cause.retryable ?? false,
        detail: { version: migration.version, name: migration.name },
      });
    }
  }
  return ok({ from, to: schemaVersion(db) });
}
