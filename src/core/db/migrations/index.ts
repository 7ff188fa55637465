import { mergeMigrations } from '../migrate';
import { librarySchemaMigration } from './0001-library';
import { searchIndexMigration } from './0002-library-search';
import { creditsMigration } from './0003-credits';
import { jobsMigrations } from './0004-jobs';
import { searchSpeedMigration } from './0005-library-search-speed';
import { libraryChangesMigration } from './0006-library-changes';
import { jobPlanMigration } from './0007-job-plan';
import { pricesMigration } from './0008-learned-prices';
import { siteCaseMigration } from './0009-site-case';
import { saidIndexMigration } from './0010-said-index';
import { subscriptionsMigration } from './0011-subscriptions';
import { subtitleRefusalsMigration } from './0012-subtitle-refusals';
import { playlistCostCapMigration } from './0013-playlist-cost-cap';

/**
 * Every step of the one schema (library, credits and the queue share the database file), in
 * order. A new step is the next numbered file here and one line below; mergeMigrations
 * refuses a gap or a duplicate at start-up. See docs/library.md for what each step holds.
 */
export const migrations = mergeMigrations([
  librarySchemaMigration,
  searchIndexMigration,
  creditsMigration,
  ...jobsMigrations,
  searchSpeedMigration,
  libraryChangesMigration,
  jobPlanMigration,
  pricesMigration,
  siteCaseMigration,
  saidIndexMigration,
  subscriptionsMigration,
  subtitleRefusalsMigration,
  playlistCostCapMigration,
]);
