import type { Db } from '../../db';
import type { SaidMoment, SaidResult } from '../../../shared/said';
import { parseSaidQuery } from './said-query';
import { textMarks } from './text-marks';

/**
 * How many matching cues are weighed, newest first. Ranking is bm25 over these, and the
 * counts are taken over them: a word as common as "the" matches most of a large library, and
 * weighing every match would cost hundreds of milliseconds on each key typed.
 */
export const SAID_CANDIDATES = 5000;

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

const HITS = `SELECT rowid AS id FROM cues_fts WHERE cues_fts MATCH @match ORDER BY rowid DESC LIMIT ${SAID_CANDIDATES}`;

/** Search the cue index: the moments best first (bm25, then newest), and how many cues and videos matched. */
export function createSaidSearch(db: Db) {
  const counts = db.prepare<{ match: string }, { total: number; videos: number }>(`
    SELECT count(*) AS total, count(DISTINCT c.post_id) AS videos FROM (${HITS}) AS hits JOIN cues c ON c.id = hits.id`);
  const page = db.prepare<{ match: string; limit: number; offset: number }, MomentRow>(`
    SELECT c.id, c.post_id, c.start_ms, c.end_ms, c.text, s.language_tag, s.language_name, p.caption, p.post_url
    FROM (SELECT rowid AS id, rank FROM cues_fts WHERE cues_fts MATCH @match ORDER BY rowid DESC LIMIT ${SAID_CANDIDATES}) AS hits
    JOIN cues c ON c.id = hits.id
    JOIN subtitles s ON s.file_id = c.file_id
    JOIN posts p ON p.id = c.post_id
    ORDER BY hits.rank, c.id DESC LIMIT @limit OFFSET @offset`);

  return db.transaction(({ query, limit, offset }: SaidSearchInput): SaidResult => {
    const { match, marks } = parseSaidQuery(query);
    if (match === null) return { moments: [], total: 0, videos: 0, capped: false };
    const { total, videos } = counts.get({ match }) ?? { total: 0, videos: 0 };
    const moments = total === 0 ? [] : page.all({ match, limit, offset }).map((row): SaidMoment => ({
      cueId: row.id,
      postId: row.post_id,
      link: row.post_url,
      caption: row.caption ?? '',
      language: row.language_tag,
      languageName: row.language_name,
      startMs: row.start_ms,
      endMs: row.end_ms,
      text: row.text,
      marks: textMarks(row.text, marks),
    }));
    return { moments, total, videos, capped: total >= SAID_CANDIDATES };
  });
}
