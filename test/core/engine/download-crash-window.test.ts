import { linkSync, readdirSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

/*
 * A kill between the downloader's rename and the removal of its part files left the
 * finished file, and with it `<name>.part.json` (and `<name>.part` when the kill came
 * between the hard link and the unlink). The restart takes the file back without
 * downloading, and must clear those too (found by test/reliability/crash-kill).
 */

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('a crash between a download and its record', () => {
  it('takes the finished file back and removes the part files it left', async () => {
    harness = await startHarness();
    const first = harness.core;
    const [jobId] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://files.example/f/crashy-dl' } })).jobIds;
    await first.idle();
    const [file] = value(await first.call('jobs.list', {}))[0]?.files ?? [];
    if (file === undefined) throw new Error('no file downloaded');
    await first.close();

    // Rewind to the moment after the rename: the part's name and its control file are still there.
    linkSync(file, `${file}.part`);
    writeFileSync(`${file}.part.json`, JSON.stringify({ version: 1, resource: 'x', total: 65_536, done: [[0, 65_536]] }));
    const db = new Database(join(harness.dataDir, 'trove.db'));
    db.prepare("UPDATE jobs SET state = 'downloading', plan = ? WHERE id = ?").run(JSON.stringify({ items: [{ mediaIndex: 0, done: {} }] }), jobId);
    db.prepare('DELETE FROM files').run();
    db.close();

    const second = await harness.restart();
    await second.idle();
    expect(value(await second.call('jobs.list', {}))[0]).toMatchObject({ state: 'done', files: [file] });
    expect(readdirSync(harness.downloads).sort()).toEqual([file.slice(harness.downloads.length + 1)]);
  });

  it('takes a merged file back and removes the temp name a killed move left beside it', async () => {
    harness = await startHarness();
    const first = harness.core;
    const [jobId] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/crashy-merge' } })).jobIds;
    await first.idle();
    const [merged] = value(await first.call('jobs.list', {}))[0]?.files ?? [];
    if (merged === undefined) throw new Error('nothing merged');
    await first.close();

    // The move is a hard link then an unlink: a kill in between leaves the temp name too,
    // with the owner file its writer no longer locks.
    const stem = join(harness.downloads, `${basename(merged, '.mp4')}.merging-0badf00d0badf00d`);
    linkSync(merged, `${stem}.mp4`);
    writeFileSync(`${stem}.owner`, '');
    const db = new Database(join(harness.dataDir, 'trove.db'));
    db.prepare("UPDATE jobs SET state = 'processing', plan = json_set(plan, '$.items[0].done', json(?)) WHERE id = ?").run(
      JSON.stringify({ videoPart: join(harness.downloads, 'gone.video.mp4'), audioPart: join(harness.downloads, 'gone.audio.m4a') }),
      jobId,
    );
    db.prepare('DELETE FROM files').run();
    db.close();

    const second = await harness.restart();
    await second.idle();
    expect(value(await second.call('jobs.list', {}))[0]).toMatchObject({ state: 'done', files: [merged] });
    expect(readdirSync(harness.downloads)).toEqual([basename(merged)]);
  });
});
