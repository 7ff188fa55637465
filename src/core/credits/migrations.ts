import type { Migration } from '../library/migrate';
import { creditsMigration } from './credits-migration';

/** The credits' steps of the shared schema (version 3); see docs/library.md. */
export const creditsMigrations: readonly Migration[] = [creditsMigration];
