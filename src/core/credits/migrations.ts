import type { Migration } from '../library/migrate';
import { creditsMigration } from './credits-migration';
import { pricesMigration } from './prices-migration';

/** The credits' steps of the shared schema (versions 3 and 6); see docs/library.md. */
export const creditsMigrations: readonly Migration[] = [creditsMigration, pricesMigration];
