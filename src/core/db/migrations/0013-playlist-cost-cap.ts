import type { Migration } from '../migrate';

/*
 * Schema 13: the cost cap of a profile or playlist run, the most credits one attempt of the
 * run may spend on pages (NULL: no cap).
 */
export const playlistCostCapMigration: Migration = {
  version: 13,
  name: 'playlist-cost-cap',
  up(db) {
    db.exec('ALTER TABLE jobs ADD COLUMN playlist_max_credits REAL CHECK (playlist_max_credits IS NULL OR playlist_max_credits > 0);');
  },
};
