import type { Migration } from './migrate';
import { librarySchemaMigration } from './library-schema-migration';
import { searchIndexMigration } from './search-index-migration';
import { searchSpeedMigration } from './search-speed-migration';

/** The library's steps of the shared schema (versions 1–2 and 5); see docs/library.md. */
export const libraryMigrations: readonly Migration[] = [librarySchemaMigration, searchIndexMigration, searchSpeedMigration];
