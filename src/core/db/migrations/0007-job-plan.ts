import type { Migration } from '../migrate';

/*
 * Migration 7: a post job's checkpoints move from `outputs`, a bag of path lists under keys
 * such as "0", "0.file", "0.video", "0.audio", "subtitles", "subtitles.saved" and
 * "subtitles.embedPending", and `media_indexes`, into one `plan` column: the media items
 * the job takes, each with its typed checkpoint. Everything an older Trove already
 * downloaded, merged or saved is carried over, so the job resumes without fetching it
 * again. The shapes below are frozen here on purpose: this step must convert the rows of
 * that older Trove even after the plan's schema grows.
 */

interface LegacyRow {
  id: number;
  post: string | null;
  media_indexes: string | null;
  outputs: string;
}

interface SubtitleTrack {
  languageTag: string;
  languageName: string;
  format: string;
  path: string;
  size: number;
}

interface PlanItemV1 {
  mediaIndex: number;
  done: { videoPart?: string; audioPart?: string; file?: string; subtitles?: { tracks: SubtitleTrack[]; embedPending: boolean } };
}

const parse = (text: string | null): unknown => {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const firstString = (value: unknown): string | undefined => (Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);

const isTrack = (value: unknown): value is SubtitleTrack =>
  isRecord(value) &&
  typeof value.languageTag === 'string' &&
  typeof value.languageName === 'string' &&
  typeof value.format === 'string' &&
  typeof value.path === 'string' &&
  typeof value.size === 'number';

/** The media types of the stored post, one per item (empty when the job had no post yet). */
function mediaTypes(postText: string | null): string[] {
  const post = parse(postText);
  const medias = isRecord(post) && Array.isArray(post.medias) ? post.medias : [];
  return medias.map((media) => (isRecord(media) && typeof media.media_type === 'string' ? media.media_type : 'file'));
}

/** The plan an old row stands for, or undefined for a job that had neither its post nor chosen items yet. */
export function planOfLegacyRow(row: Omit<LegacyRow, 'id'>): { items: PlanItemV1[] } | undefined {
  const types = mediaTypes(row.post);
  const chosen = parse(row.media_indexes);
  const indexes = Array.isArray(chosen) ? chosen.filter((index): index is number => Number.isInteger(index) && index >= 0) : types.map((_type, index) => index);
  if (indexes.length === 0) return undefined;
  const outputs = parse(row.outputs);
  const bag = isRecord(outputs) ? outputs : {};

  const items: PlanItemV1[] = indexes.map((mediaIndex) => {
    const file = firstString(bag[String(mediaIndex)]) ?? firstString(bag[`${mediaIndex}.file`]);
    const videoPart = firstString(bag[`${mediaIndex}.video`]);
    const audioPart = firstString(bag[`${mediaIndex}.audio`]);
    return {
      mediaIndex,
      done: { ...(file ? { file } : { ...(videoPart ? { videoPart } : {}), ...(audioPart ? { audioPart } : {}) }) },
    };
  });

  // The records of the saved subtitles were JSON texts; the paths alone cannot be recorded in the library.
  const saved = bag['subtitles.saved'];
  const tracks = Array.isArray(saved) ? saved.map((text) => (typeof text === 'string' ? parse(text) : undefined)).filter(isTrack) : [];
  if (tracks.length > 0) {
    // Subtitles went with the job's first video, as the old pipeline chose it.
    const owner = items.find((item) => types[item.mediaIndex] === 'video') ?? items[0];
    const pending = bag['subtitles.embedPending'];
    if (owner) owner.done.subtitles = { tracks, embedPending: Array.isArray(pending) && pending.length > 0 };
  }
  return { items };
}

export const jobPlanMigration: Migration = {
  version: 7,
  name: 'job-plan',
  up(db) {
    db.exec('ALTER TABLE jobs ADD COLUMN plan TEXT');
    const rows = db.prepare<[], LegacyRow>("SELECT id, post, media_indexes, outputs FROM jobs WHERE kind = 'post'").all();
    const write = db.prepare<[string, number]>('UPDATE jobs SET plan = ? WHERE id = ?');
    for (const row of rows) {
      const plan = planOfLegacyRow(row);
      if (plan) write.run(JSON.stringify(plan), row.id);
    }
    db.exec('ALTER TABLE jobs DROP COLUMN outputs');
    db.exec('ALTER TABLE jobs DROP COLUMN media_indexes');
  },
};
