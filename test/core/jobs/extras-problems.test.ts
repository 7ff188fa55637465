import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * An extra the user asked for that could not be had (the subtitles, the file's details)
 * ended the job "done" with no word. Now the download is still done and kept, and the job
 * names each problem, also after a restart. All against the real sandbox and ffmpeg.
 */

const saveSubtitles = { subtitles: { languages: ['en'], format: 'srt' as const, embed: false } };

async function runOne(current: Harness, url: string, options: object = saveSubtitles) {
  const { core } = current;
  value(await core.call('jobs.add', { source: { kind: 'link', url }, options }));
  await core.idle();
  const [job] = value(await core.call('jobs.list', {}));
  return job;
}

describe('a job whose extras could not be had', () => {
  it('on a site without subtitles: done, the video kept, one subtitles problem that survives a restart', async () => {
    harness = await startHarness();
    const job = await runOne(harness, 'https://guarded.example/watch/no-subs');
    expect(job?.state).toBe('done');
    expect(job?.files.some((file) => file.endsWith('.mp4'))).toBe(true);
    expect(job?.problems).toEqual([{ extra: 'subtitles', code: 'unsupported_site', message: expect.any(String) }]);

    await harness.core.close();
    const again = await harness.restart();
    const [after] = value(await again.call('jobs.list', {}));
    expect(after?.problems).toEqual(job?.problems);
  });

  it('at 0 credits when the subtitles are listed: done with an out_of_credits problem, not held for credits', async () => {
    harness = await startHarness();
    // The post costs 1: the listing (2) then finds the balance empty.
    harness.sandbox.setBalance(harness.sandbox.keys[0] as string, 1);
    const job = await runOne(harness, 'https://video.example/watch/broke-subs');
    expect(job?.state).toBe('done');
    expect(job?.problems).toEqual([{ extra: 'subtitles', code: 'out_of_credits', message: expect.any(String) }]);
    expect(readdirSync(harness.downloads).filter((name) => name.endsWith('.srt'))).toEqual([]);
    expect(harness.sandbox.getBalance(harness.sandbox.keys[0] as string)).toBe(0);
  });

  it('in a language the video does not have: done with a no_matching_subtitles problem', async () => {
    harness = await startHarness();
    const job = await runOne(harness, 'https://video.example/watch/no-french', { subtitles: { languages: ['fr'], format: 'srt', embed: false } });
    expect(job?.problems).toEqual([{ extra: 'subtitles', code: 'no_matching_subtitles', message: expect.stringContaining('fr') }]);
  });

  it('a file ffmpeg cannot read to tag: done, the file kept as it came, with a tags problem', async () => {
    harness = await startHarness({ sandbox: { faults: true } });
    // The host serves other bytes for the track from the first request on: no media ffmpeg can read.
    harness.sandbox.addFault({ match: 'music/untaggable/audio-en', kind: 'mutate' });
    const job = await runOne(harness, 'https://music.example/t/untaggable', {});
    expect(job?.state).toBe('done');
    expect(job?.files).toHaveLength(1);
    expect(job?.problems).toEqual([{ extra: 'tags', code: 'invalid_input', message: expect.any(String) }]);
  });

  it('a job whose extras all worked has no problems', async () => {
    harness = await startHarness();
    const job = await runOne(harness, 'https://video.example/watch/all-good');
    expect(job?.state).toBe('done');
    expect(job?.files.some((file) => file.endsWith('.srt'))).toBe(true);
    expect(job?.problems).toBeUndefined();
  });
});
