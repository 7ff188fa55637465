import type { Migration } from './migrate';
import { librarySchemaMigration } from './library-schema-migration';
import { searchIndexMigration } from './search-index-migration';

/** The library's steps of the shared schema (versions 1–2); see docs/library.md. */
export const libraryMigrations: readonly Migration[] = [librarySchemaMigration, searchIndexMigration];
