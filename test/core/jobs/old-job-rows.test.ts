import { readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { jobPlanMigration } from '../../../src/core/db/migrations/0007-job-plan';
import { mediaPlanSchema } from '../../../src/core/jobs/plan/media-plan-schema';
import type { Harness } from '../engine/core-harness';
import { probe, startHarness, value } from '../engine/core-harness';

/*
 * A job row written by the Trove before the media plan (the migration before it) kept its
 * checkpoints in `outputs` under keys such as "0.video" and "subtitles.saved". After the
 * upgrade the job must resume from them: nothing already downloaded, merged or paid for is
 * fetched or bought again. The files get names this Trove would not give them (an older
 * Trove, another template): only the carried-over checkpoints can find them.
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/** Turns the database back into its shape before the plan (schema 6), with this row's checkpoints as the old Trove wrote them. */
function rewindToOldShape(dataDir: string, jobId: number, outputs: Record<string, string[]>): void {
  const db = new Database(join(dataDir, 'trove.db'));
  db.exec(`
    ALTER TABLE jobs ADD COLUMN media_indexes TEXT;
    ALTER TABLE jobs ADD COLUMN outputs TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE jobs DROP COLUMN plan;
    DELETE FROM files;
    DELETE FROM subtitles;
    -- The steps after the plan's (0008 learned prices, 0010 said index, 0011 subscriptions,
    -- 0012 subtitle refusals) are undone too, so the reopening replays them (0009 site case
    -- replays over the rows as they are).
    DROP TABLE cues_fts;
    DROP TABLE cues;
    DROP TABLE learned_prices;
    ALTER TABLE ledger DROP COLUMN cost_low;
    ALTER TABLE ledger DROP COLUMN cost_high;
    DROP TABLE subscription_runs;
    DROP TABLE subscriptions;
    DROP TABLE subtitle_refusals;
    -- …and the profile run's cost cap (0013).
    ALTER TABLE jobs DROP COLUMN playlist_max_credits;
  `);
  db.pragma(`user_version = ${jobPlanMigration.version - 1}`);
  db.prepare("UPDATE jobs SET state = 'processing', outputs = ? WHERE id = ?").run(JSON.stringify(outputs), jobId);
  db.close();
}

function planOf(dataDir: string, jobId: number) {
  const db = new Database(join(dataDir, 'trove.db'), { readonly: true });
  const row = db.prepare<[number], { plan: string }>('SELECT plan FROM jobs WHERE id = ?').get(jobId);
  db.close();
  return mediaPlanSchema.parse(JSON.parse(row?.plan ?? 'null'));
}

const streamRequests = (current: Harness): number => current.sandbox.stats().mediaRequests;
const charges = (current: Harness): number => current.sandbox.stats().charges.length;

describe('a job row from before the media plan', () => {
  it('merges the video and audio it had downloaded, without fetching either again', async () => {
    harness = await startHarness();
    const first = harness.core;
    value(await first.call('settings.update', { keepSourceStreams: true }));
    const [jobId] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/old-row-merge' } })).jobIds;
    if (jobId === undefined) throw new Error('no job');
    await first.idle();
    const [merged] = value(await first.call('jobs.list', {}))[0]?.files ?? [];
    if (merged === undefined) throw new Error('nothing merged');
    await first.close();

    // The old Trove stopped after both streams were down: the merged file does not exist yet.
    const folder = harness.downloads;
    const names = readdirSync(folder);
    const part = (role: string): string => {
      const name = names.find((candidate) => candidate.includes(`.${role}.`));
      if (!name) throw new Error(`no ${role} stream kept in ${names.join(', ')}`);
      const older = join(folder, `older name.${role}.${name.split('.').at(-1) ?? ''}`);
      renameSync(join(folder, name), older);
      return older;
    };
    rmSync(merged);
    rewindToOldShape(harness.dataDir, jobId, { '0.video': [part('video')], '0.audio': [part('audio')] });
    const requestsBefore = streamRequests(harness);
    const chargesBefore = charges(harness);

    const second = await harness.restart();
    await second.idle();
    expect(value(await second.call('jobs.list', {}))[0]).toMatchObject({ state: 'done', files: [merged] });
    expect(await probe(merged)).toMatchObject({ video: [expect.any(String)], audio: [expect.any(String)] });
    expect(streamRequests(harness) - requestsBefore).toBeLessThanOrEqual(2); // the preview and avatar images only
    expect(charges(harness) - chargesBefore).toBe(0);
    expect(planOf(harness.dataDir, jobId).items).toEqual([expect.objectContaining({ mediaIndex: 0, done: expect.objectContaining({ file: merged }) })]);
  });

  it('records the finished file and the subtitles it had saved, without buying them again', async () => {
    harness = await startHarness();
    const first = harness.core;
    const options = { subtitles: { languages: ['en'], format: 'srt' as const, embed: false } };
    const [jobId] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/old-row-subs' }, options })).jobIds;
    if (jobId === undefined) throw new Error('no job');
    await first.idle();
    const job = value(await first.call('jobs.list', {}))[0];
    const tracks = planOf(harness.dataDir, jobId).items[0]?.done.subtitles?.tracks ?? [];
    expect(tracks).toHaveLength(1);
    await first.close();

    const [downloaded, subtitle] = job?.files ?? [];
    if (!downloaded || !subtitle) throw new Error(`expected a video and a subtitle, got ${JSON.stringify(job?.files)}`);
    const video = join(harness.downloads, 'older name.mp4');
    renameSync(downloaded, video);
    const filesBefore = readdirSync(harness.downloads).sort();
    rewindToOldShape(harness.dataDir, jobId, {
      '0': [video],
      subtitles: [subtitle],
      'subtitles.saved': tracks.map((track) => JSON.stringify(track)),
      'subtitles.embedPending': [],
    });
    const requestsBefore = streamRequests(harness);
    const chargesBefore = charges(harness);

    const second = await harness.restart();
    await second.idle();
    const [after] = value(await second.call('jobs.list', {}));
    expect(after).toMatchObject({ state: 'done', files: [video, subtitle] });
    expect(readdirSync(harness.downloads).sort()).toEqual(filesBefore);
    expect(streamRequests(harness) - requestsBefore).toBeLessThanOrEqual(2);
    expect(charges(harness) - chargesBefore).toBe(0);
    const detail = value(await second.call('library.get', { id: after?.libraryPostId ?? -1 }));
    expect(detail.subtitles.map((track) => track.path)).toEqual([subtitle]);
  });
});
