import { describe, expect, it } from 'vitest';
import { filesOfRun, jobSummary, runSummaryLines } from '../../../src/cli/format/format-run';
import { jobView } from '../job-view';

describe('run summary', () => {
  const jobs = [
    jobView({ id: 1, kind: 'playlist', state: 'done', title: 'Profile' }),
    jobView({ id: 2, parentId: 1, state: 'done', files: ['/out/a.mp4', '/out/a.en.srt'] }),
    jobView({ id: 3, parentId: 1, state: 'failed', error: { code: 'http_error', message: 'The media host answered 404.' } }),
    jobView({ id: 4, state: 'paused', pauseReason: 'out_of_credits' }),
  ];

  it('lists the files of the jobs that are done', () => {
    expect(filesOfRun(jobs)).toEqual(['/out/a.mp4', '/out/a.en.srt']);
  });

  it('counts posts, explains each job not done with what to do, and lists the files', () => {
    expect(runSummaryLines(jobs)).toEqual([
      '1 of 3 posts done, 2 not.',
      '  #3 failed [http_error] The media host answered 404.  Video 3',
      '    → Run `trove queue retry 3` to try again.',
      '  #4 paused (out_of_credits)  Video 4',
      expect.stringMatching(/^ {4}→ Top up your credits/) as string,
      'Files:',
      '  /out/a.mp4',
      '  /out/a.en.srt',
    ]);
  });

  it('does not suggest a retry for a failure the engine marks final (a retry would be charged again in vain)', () => {
    const live = jobView({
      id: 5,
      state: 'failed',
      error: { code: 'nothing_to_download', message: 'This is a live stream; Trove saves recordings, not live broadcasts.', retryable: false },
    });
    const lines = runSummaryLines([live]);
    expect(lines).toContain('  #5 failed [nothing_to_download] This is a live stream; Trove saves recordings, not live broadcasts.  Video 5');
    expect(lines.join('\n')).not.toContain('retry');
  });

  it('counts a profile or playlist that failed apart from the posts', () => {
    const playlist = jobView({ id: 6, kind: 'playlist', state: 'failed', error: { code: 'invalid_playlist_url', message: 'The playlist link or cursor is not valid.' } });
    expect(runSummaryLines([playlist])[0]).toBe('0 of 0 posts done; 1 profile or playlist not done.');
    expect(runSummaryLines([playlist, jobs[1]!, jobs[2]!])[0]).toBe('1 of 2 posts done, 1 not; 1 profile or playlist not done.');
  });

  it('names each extra a done job could not have, with the command that saves the subtitles once that can work', () => {
    const problems = jobView({
      id: 7,
      state: 'done',
      files: ['/out/b.mp4'],
      problems: [
        { extra: 'subtitles', code: 'out_of_credits', message: 'Not enough credits.' },
        { extra: 'tags', code: 'ffmpeg_failed', message: 'ffmpeg could not write the details into b.mp4.' },
      ],
    });
    expect(runSummaryLines([problems])).toEqual([
      '1 of 1 post done, with 2 problems.',
      '  #7 done, with 2 problems  Video 7 → /out/b.mp4',
      '    Subtitles not saved: [out_of_credits] Not enough credits.',
      '      → Top up your credits, then run `trove subtitles https://video.example/watch/v7` to save them.',
      "    The post's details not written into the file: [ffmpeg_failed] ffmpeg could not write the details into b.mp4.",
      'Files:',
      '  /out/b.mp4',
    ]);
    expect(jobSummary(problems)).toMatchObject({ state: 'done', problems: problems.problems });
  });

  it('summarizes a job for scripts without its internal fields', () => {
    expect(jobSummary(jobs[2]!)).toEqual({
      id: 3,
      kind: 'post',
      url: 'https://video.example/watch/v3',
      title: 'Video 3',
      state: 'failed',
      parentId: 1,
      files: [],
      error: { code: 'http_error', message: 'The media host answered 404.' },
    });
  });
});
