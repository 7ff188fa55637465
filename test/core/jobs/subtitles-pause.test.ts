import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { probe, startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * A pause while the subtitles were being saved or embedded left the saved files behind
 * unrecorded: the resumed job paid for the track list again and saved every language once
 * more as "name.en-US (1).srt". And subtitles embedding asked for in the settings was
 * silently skipped for a video that needed no merge.
 */

const subtitleCharges = (current: Harness): number => current.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('subtitles')).length;
const sidecars = (current: Harness): string[] => readdirSync(current.downloads).filter((name) => name.endsWith('.srt')).sort();

async function waitFor(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('subtitles of a job paused and resumed', () => {
  it('a pause while tracks are saved leaves no half set behind and no "(1)" copies', async () => {
    harness = await startHarness({ sandbox: { faults: true } });
    const current = harness;
    const { core, sandbox } = current;
    // The second language hangs until the pause, after the first one was written.
    sandbox.addFault({ match: 'subs/sub-pause/ja-JP', kind: 'stall', afterBytes: 0 });
    const options = { subtitles: { languages: ['en', 'ja'], format: 'srt' as const, embed: true } };
    const [id] = value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/sub-pause' }, options })).jobIds;
    await waitFor(() => existsSync(current.downloads) && sidecars(current).length === 1);
    expect(value(await core.call('jobs.pause', { ids: [id as number] })).changed).toBe(1);
    await core.idle();
    expect(sidecars(current)).toEqual([]);

    value(await core.call('jobs.resume', { ids: [id as number] }));
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    const names = sidecars(current);
    expect(names).toHaveLength(2);
    expect(names.filter((name) => name.includes('(1)'))).toEqual([]);
    expect(job?.files.filter((file) => file.endsWith('.srt')).map((file) => file.split('/').pop()).sort()).toEqual(names);
    const video = job?.files.find((file) => file.endsWith('.mp4')) as string;
    expect((await probe(video)).subtitle).toHaveLength(2);
    const detail = value(await core.call('library.get', { id: job?.libraryPostId as number }));
    expect(detail.subtitles).toHaveLength(2);
  });

  it('a run that stopped before the embedding embeds the saved tracks without buying them again', async () => {
    harness = await startHarness();
    const first = harness.core;
    const options = { subtitles: { languages: ['en'], format: 'srt' as const, embed: false } };
    const [id] = value(await first.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/sub-embed' }, options })).jobIds;
    await first.idle();
    const filesBefore = readdirSync(harness.downloads).sort();
    await first.close();

    // Rewind to a stop after the subtitles were saved, with their embedding still to do.
    const db = new Database(join(harness.dataDir, 'trove.db'));
    db.prepare("UPDATE jobs SET state = 'processing', plan = json_set(plan, '$.items[0].done.subtitles.embedPending', json('true')), options = ? WHERE id = ?").run(
      JSON.stringify({ subtitles: { ...options.subtitles, embed: true } }),
      id,
    );
    db.close();

    const second = await harness.restart();
    await second.idle();
    const [job] = value(await second.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    expect(readdirSync(harness.downloads).sort()).toEqual(filesBefore);
    expect((await probe(job?.files.find((file) => file.endsWith('.mp4')) as string)).subtitle).toHaveLength(1);
    expect(subtitleCharges(harness)).toBe(1);
  });

  it('embeds into a video that needed no merge when the settings ask for it', async () => {
    harness = await startHarness();
    const { core } = harness;
    value(await core.call('settings.update', { saveSubtitles: true, subtitleLanguages: ['en'], embedSubtitles: true }));
    value(await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/sub-single' }, options: { quality: 360 } }));
    await core.idle();
    const [job] = value(await core.call('jobs.list', {}));
    expect(job?.state).toBe('done');
    expect((await probe(job?.files.find((file) => file.endsWith('.mp4')) as string)).subtitle).toHaveLength(1);
  });
});
