import { describe, expect, it } from 'vitest';
import { isNotableUpdate, jobLine, progressText } from '../../../src/cli/format/format-job';
import { jobView } from '../job-view';

describe('job lines', () => {
  it('shows progress with what is known', () => {
    expect(progressText({ bytes: 512 * 1024, total: 2048 * 1024, speed: 1024 * 1024, etaSeconds: 1.5 })).toBe('25% 512 KiB/2.0 MiB 1.0 MiB/s ETA 0:02');
    expect(progressText({ bytes: 1024, speed: 0 })).toBe('1.0 KiB');
  });

  it('describes each state on one line without control codes', () => {
    const downloading = jobLine(jobView({ id: 3, state: 'downloading', progress: { bytes: 50, total: 100, speed: 10, etaSeconds: 5 } }));
    expect(downloading).toBe('#3 downloading 50% 50 B/100 B 10 B/s ETA 0:05  Video 3');
    expect(jobLine(jobView({ id: 4, state: 'failed', error: { code: 'private_content', message: 'This post is private.' } }))).toBe(
      '#4 failed [private_content] This post is private.  Video 4',
    );
    expect(jobLine(jobView({ id: 5, state: 'done', files: ['/a/b.mp4'] }))).toBe('#5 done  Video 5 → /a/b.mp4');
    expect(jobLine(jobView({ id: 6, state: 'paused', pauseReason: 'out_of_credits' }))).toBe('#6 paused (out_of_credits)  Video 6');
    expect(jobLine(jobView({ id: 7, kind: 'playlist', state: 'extracting', itemsQueued: 20, title: '' }))).toBe(
      '#7 extracting 20 posts queued  https://video.example/watch/v7',
    );
    expect(downloading).not.toContain(String.fromCharCode(27));
  });

  it('says a queued job is waiting for an automatic retry, not just queued', () => {
    expect(jobLine(jobView({ id: 8, state: 'queued', attempts: 1 }))).toBe('#8 queued to retry after a temporary failure (try 2)  Video 8');
    expect(jobLine(jobView({ id: 9, state: 'queued' }))).toBe('#9 queued  Video 9');
  });

  it('does not count the posts of a profile or playlist before it is listed', () => {
    expect(jobLine(jobView({ id: 10, kind: 'playlist', state: 'queued', itemsQueued: 0, title: '' }))).toBe('#10 queued  https://video.example/watch/v10');
  });

  it('calls an update notable on a change of state or every 10% of progress', () => {
    const at = (bytes: number) => jobView({ id: 1, state: 'downloading', progress: { bytes, total: 1000, speed: 1 } });
    expect(isNotableUpdate(undefined, at(0))).toBe(true);
    expect(isNotableUpdate(at(0), at(50))).toBe(false);
    expect(isNotableUpdate(at(50), at(100))).toBe(true);
    expect(isNotableUpdate(at(100), jobView({ ...at(100), state: 'processing' }))).toBe(true);
    expect(isNotableUpdate(jobView({ id: 1, state: 'paused', pauseReason: 'user' }), jobView({ id: 1, state: 'paused', pauseReason: 'shutdown' }))).toBe(true);
    const page = (itemsQueued: number) => jobView({ id: 2, kind: 'playlist', state: 'extracting', itemsQueued });
    expect(isNotableUpdate(page(20), page(20))).toBe(false);
    expect(isNotableUpdate(page(20), page(40))).toBe(true);
  });
});
