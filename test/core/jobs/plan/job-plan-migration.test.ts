import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { jobPlanMigration, planOfLegacyRow } from '../../../../src/core/db/migrations/0007-job-plan';
import { mediaPlanSchema } from '../../../../src/core/jobs/plan/media-plan-schema';
import { migrateDatabase, migrations } from '../../../../src/core/db';

const post = (...types: string[]): string => JSON.stringify({ id: 'p', medias: types.map((media_type) => ({ media_type, resource_url: 'https://cdn.example/x' })) });
const track = { languageTag: 'en', languageName: 'English', format: 'srt', path: '/d/clip.en.srt', size: 120 };

describe('migration 6: the outputs of an older job row become its plan', () => {
  it('carries every kind of checkpoint over to its item, and the result is a valid plan', () => {
    const plan = planOfLegacyRow({
      post: post('video', 'video', 'image'),
      media_indexes: null,
      outputs: JSON.stringify({
        '0': ['/d/clip-1.mp4'],
        '1.video': ['/d/clip-2.f1080.video.mp4'],
        '1.audio': ['/d/clip-2.f1080.audio.m4a'],
        '2.file': ['/d/clip-3.jpg'],
        subtitles: [track.path],
        'subtitles.saved': [JSON.stringify(track)],
        'subtitles.embedPending': ['yes'],
      }),
    });
    expect(mediaPlanSchema.parse(plan)).toEqual({
      items: [
        { mediaIndex: 0, done: { file: '/d/clip-1.mp4', subtitles: { tracks: [track], embedPending: true } } },
        { mediaIndex: 1, done: { videoPart: '/d/clip-2.f1080.video.mp4', audioPart: '/d/clip-2.f1080.audio.m4a' } },
        { mediaIndex: 2, done: { file: '/d/clip-3.jpg' } },
      ],
    });
  });

  it('keeps the media items the job was limited to, and gives subtitles to its first video', () => {
    const plan = planOfLegacyRow({
      post: post('image', 'video', 'video'),
      media_indexes: '[0, 2]',
      outputs: JSON.stringify({ 'subtitles.saved': [JSON.stringify(track)], 'subtitles.embedPending': [] }),
    });
    expect(plan).toEqual({ items: [{ mediaIndex: 0, done: {} }, { mediaIndex: 2, done: { subtitles: { tracks: [track], embedPending: false } } }] });
  });

  it('leaves a link job that was never extracted without a plan, and ignores unreadable checkpoints', () => {
    expect(planOfLegacyRow({ post: null, media_indexes: null, outputs: '{}' })).toBeUndefined();
    expect(planOfLegacyRow({ post: post('video'), media_indexes: null, outputs: '{not json' })).toEqual({ items: [{ mediaIndex: 0, done: {} }] });
    expect(planOfLegacyRow({ post: post('video'), media_indexes: null, outputs: JSON.stringify({ '0': [42], 'subtitles.saved': ['{"half":'] }) })).toEqual({
      items: [{ mediaIndex: 0, done: {} }],
    });
  });

  it('rewrites the rows of a database from before it and drops the old columns', () => {
    const db = new Database(':memory:');
    const before = jobPlanMigration.version - 1;
    expect(migrateDatabase(db, migrations, before)).toMatchObject({ ok: true });
    const insert = db.prepare(
      "INSERT INTO jobs (kind, url, state, position, post, media_indexes, outputs, created_at, updated_at) VALUES (?, 'https://x.example/p', 'paused', 1, ?, ?, ?, 0, 0)",
    );
    insert.run('post', post('video'), null, JSON.stringify({ '0.video': ['/d/v.mp4'] }));
    insert.run('post', null, null, '{}');
    insert.run('playlist', null, null, '{}');
    expect(migrateDatabase(db, migrations)).toMatchObject({ ok: true, value: { from: before } });

    const rows = db.prepare<[], { kind: string; plan: string | null }>('SELECT kind, plan FROM jobs ORDER BY id').all();
    expect(rows.map((row) => (row.plan === null ? null : mediaPlanSchema.parse(JSON.parse(row.plan))))).toEqual([
      { items: [{ mediaIndex: 0, done: { videoPart: '/d/v.mp4' } }] },
      null,
      null,
    ]);
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(jobs)').all().map((column) => column.name);
    expect(columns).not.toContain('outputs');
    expect(columns).not.toContain('media_indexes');
    db.close();
  });
});
