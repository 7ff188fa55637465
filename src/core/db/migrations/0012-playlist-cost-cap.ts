import type { Migration } from '../migrate';

/*
 * The cost cap of a profile or playlist run: the most credits one attempt of the run may
 * spend on pages (NULL: no cap). Numbered 0012 by the session's plan; its version is the
 * next free one on this branch and is renumbered with the file at merge.
 */
export const playlistCostCapMigration: Migration = {
  version: 9,
  name: 'playlist-cost-cap',
  up(db) {
    db.exec('ALTER TABLE jobs ADD COLUMN playlist_max_credits REAL CHECK (playlist_max_credits IS NULL OR playlist_max_credits > 0);');
  },
};
