import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';
import { playlistRunRequest } from '../../../src/renderer/src/grab/download-request';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * The profile card had no subtitles box: its runs went without a subtitle option, so each
 * post job fell back to Settings ("save subtitles" on) and, on a site where the service
 * refuses subtitles, every post ended "done, with 1 problem" after a refused listing. The
 * card's request now carries its choice and the playlist runner gives it to each post job.
 * Real renderer request, real engine, real sandbox (refusing subtitles on video.example).
 */

const subtitleCharges = (current: Harness) => current.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('subtitles')).length;

async function runProfile(current: Harness, url: string, saveSubtitles: boolean) {
  const { core } = current;
  const settings = value(await core.call('settings.get', {}));
  value(await core.call('jobs.add', playlistRunRequest(url, { sync: false, maxCredits: undefined }, settings, saveSubtitles)));
  await core.idle();
  const jobs = value(await core.call('jobs.list', {}));
  const run = jobs.find((job) => job.kind === 'playlist' && job.url.includes(url.split('/@')[1] ?? '-'));
  return { run, posts: jobs.filter((job) => job.kind === 'post' && job.parentId === run?.id) };
}

describe('a profile run from a card whose subtitles box is unticked (or not offered) while Settings say save them', () => {
  it('queues post jobs that list no subtitles and end done with no problem; a ticked box still asks', async () => {
    harness = await startHarness({ sandbox: { subtitlesRefusedOn: ['video.example'] } });
    value(await harness.core.call('settings.update', { saveSubtitles: true, subtitleLanguages: ['en'] }));

    const unticked = await runProfile(harness, 'https://video.example/@refusing-3', false);
    expect(unticked.run?.state).toBe('done');
    expect(unticked.posts).toHaveLength(3);
    for (const post of unticked.posts) {
      expect(post.state).toBe('done');
      expect(post.problems).toBeUndefined();
    }
    expect(subtitleCharges(harness)).toBe(0);

    // The control: ticked, each post asks for subtitles, is refused, and says so as a problem.
    const ticked = await runProfile(harness, 'https://video.example/@refusing-ticked-2', true);
    expect(ticked.posts).toHaveLength(2);
    for (const post of ticked.posts) {
      expect(post.state).toBe('done');
      expect(post.problems?.map((problem) => [problem.extra, problem.code])).toEqual([['subtitles', 'unsupported_site']]);
    }
  });
});
