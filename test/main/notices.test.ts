import { describe, expect, it } from 'vitest';
import { offerableLink } from '../../src/main/clipboard-link';
import { balanceNotice, jobNotice, subscriptionNotice } from '../../src/main/notices';
import type { JobView } from '../../src/shared/jobs';

const job: JobView = {
  id: 1,
  kind: 'post',
  url: 'https://video.example/watch/a',
  state: 'done',
  position: 1,
  title: 'A clip',
  progress: { bytes: 10, total: 10, speed: 0 },
  attempts: 1,
  files: ['/tmp/a.mp4'],
  createdAt: 0,
  updatedAt: 0,
};

describe('jobNotice', () => {
  it('announces a job that just finished or failed, once', () => {
    expect(jobNotice('processing', job)).toEqual({ title: 'Download finished', body: 'A clip' });
    expect(jobNotice('done', job)).toBeUndefined();
    const failed = { ...job, state: 'failed' as const, error: { code: 'private_content' as const, message: 'This post is private.' } };
    expect(jobNotice('downloading', failed)).toEqual({ title: 'Download failed', body: 'A clip: This post is private.' });
  });

  it('says a finished job could not have an extra it asked for, and names each', () => {
    const withProblems: JobView = {
      ...job,
      problems: [
        { extra: 'subtitles', code: 'unsupported_site', message: 'This platform is not supported.' },
        { extra: 'tags', code: 'ffmpeg_failed', message: 'ffmpeg could not write the details into a.mp4.' },
      ],
    };
    expect(jobNotice('processing', withProblems)).toEqual({
      title: 'Download finished, with 2 problems',
      body: "A clip\nSubtitles not saved: This platform is not supported.\nThe post's details not written into the file: ffmpeg could not write the details into a.mp4.",
    });
    expect(jobNotice('processing', { ...withProblems, problems: withProblems.problems?.slice(0, 1) })?.title).toBe('Download finished, with 1 problem');
  });

  it('stays quiet for progress and pauses', () => {
    expect(jobNotice('queued', { ...job, state: 'downloading' })).toBeUndefined();
    expect(jobNotice('downloading', { ...job, state: 'paused' })).toBeUndefined();
  });
});

describe('balanceNotice', () => {
  it('names the threshold crossed, and explains an empty balance', () => {
    expect(balanceNotice({ threshold: 2000, balance: 1999 }).body).toBe('1,999 credits left (below 2,000).');
    expect(balanceNotice({ threshold: 0, balance: 0 }).title).toBe('Out of credits');
  });
});

describe('offerableLink', () => {
  it('offers a copied link once', () => {
    expect(offerableLink('  https://video.example/watch/a \n', undefined)).toBe('https://video.example/watch/a');
    expect(offerableLink('https://video.example/watch/a', 'https://video.example/watch/a')).toBeUndefined();
  });

  it('ignores prose, several lines and other schemes', () => {
    expect(offerableLink('look at https://video.example/watch/a', undefined)).toBeUndefined();
    expect(offerableLink('https://a.example/1\nhttps://a.example/2', undefined)).toBeUndefined();
    expect(offerableLink('file:///etc/passwd', undefined)).toBeUndefined();
    expect(offerableLink('', undefined)).toBeUndefined();
  });
});

describe('subscriptionNotice', () => {
  const ran = { id: 1, title: 'Creator grow', username: 'grow', run: { at: 0, found: 3, pages: 1, cost: 5, outcome: 'done' as const } };

  it('says how many new posts came from whom, and nothing when there were none', () => {
    expect(subscriptionNotice(ran)).toEqual({ title: 'New posts', body: '3 new posts from @grow' });
    expect(subscriptionNotice({ ...ran, username: undefined, run: { ...ran.run, found: 1 } })?.body).toBe('1 new post from Creator grow');
    expect(subscriptionNotice({ ...ran, run: { ...ran.run, found: 0 } })).toBeUndefined();
  });

  it('says why a run stopped early', () => {
    const capped = { ...ran, run: { ...ran.run, found: 20, outcome: 'run_cap' as const, message: 'Stopped at the cap of 12 credits per run (10 credits spent).' } };
    expect(subscriptionNotice(capped)).toEqual({
      title: 'Subscription stopped: @grow',
      body: '20 new posts queued. Stopped at the cap of 12 credits per run (10 credits spent).',
    });
  });
});
