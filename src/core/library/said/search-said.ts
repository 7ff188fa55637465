import type { Db } from '../../db';
import type { SaidMoment, SaidResult } from '../../../shared/said';
import { createTypedWordExpansion } from './expand-typed-word';
import { parseSaidQuery } from './said-query';
import { rankCues } from './rank-cues';
import { textMarks } from './text-marks';

/**
 * How many matching cues are weighed, newest first. Ranking and the counts are taken over
 * these: a word as common as "the" matches most of a large library, and reading and weighing
 * every match would cost far more than a keystroke allows.
 */
export const SAID_CANDIDATES = 500;

interface Candidate {
  id: number;
  post_id: number;
  text: string;
}

interface MomentRow {
  id: number;
  post_id: number;
  start_ms: number;
  end_ms: number;
  text: string;
  language_tag: string;
  language_name: string | null;
  caption: string | null;
  post_url: string | null;
}

export interface SaidSearchInput {
  readonly query: string;
  readonly limit: number;
  readonly offset: number;
}

/** Search the cue index: the moments best first (bm25, then newest), and how many cues and videos matched. */
export function createSaidSearch(db: Db) {
  // the newest matches only, unweighed (see rankCues for why not FTS5's rank); only the page's rows are read whole
  const candidates = db.prepare<{ match: string }, Candidate>(`
    SELECT c.id, c.post_id, c.text
    FROM (SELECT rowid AS id FROM cues_fts WHERE cues_fts MATCH @match ORDER BY rowid DESC LIMIT ${SAID_CANDIDATES}) AS hits
    JOIN cues c ON c.id = hits.id`);
  const expand = createTypedWordExpansion(db);
  const moments = db.prepare<[string], MomentRow>(`
    SELECT c.id, c.post_id, c.start_ms, c.end_ms, c.text, s.language_tag, s.language_name, p.caption, p.post_url
    FROM json_each(?) AS page
    JOIN cues c ON c.id = page.value
    JOIN subtitles s ON s.file_id = c.file_id
    JOIN posts p ON p.id = c.post_id
    ORDER BY page.key`);

  return db.transaction(({ query, limit, offset }: SaidSearchInput): SaidResult => {
    const said = parseSaidQuery(query);
    const match = expand(said);
    if (match === null) return { moments: [], total: 0, videos: 0, capped: false };
    const found = candidates.all({ match });
    const best = rankCues(found, said.marks)
      .sort((a, b) => b.score - a.score || b.id - a.id)
      .slice(offset, offset + limit);
    const page = best.length === 0 ? [] : moments.all(JSON.stringify(best.map((candidate) => candidate.id)));
    return {
      moments: page.map((row): SaidMoment => ({
        cueId: row.id,
        postId: row.post_id,
        link: row.post_url,
        caption: row.caption ?? '',
        language: row.language_tag,
        languageName: row.language_name,
        startMs: row.start_ms,
        endMs: row.end_ms,
        text: row.text,
        marks: textMarks(row.text, said.marks),
      })),
      total: found.length,
      videos: new Set(found.map((candidate) => candidate.post_id)).size,
      capped: found.length >= SAID_CANDIDATES,
    };
  });
}
