import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { startHarness, value } from './core-harness';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const POST = 'https://video.example/watch/ledger-rows';
const PROFILE = 'https://video.example/@ledger-rows-3';
/** Another profile for the queue: the previewed one's page would be reused free (its answer is still good). */
const QUEUED_PROFILE = 'https://video.example/@ledger-queued-3';

/*
 * Every way the engine pays the service: a preview of a post and of a profile, a subtitle
 * listing, and the queue's own calls (a post's extraction and its subtitles, a playlist
 * page). Each charge the service made is one ledger row naming the endpoint, the link asked
 * about and, for the queue's calls, the job.
 */
describe.each(['v1', 'legacy'] as const)('the ledger on the %s API', (apiVersion) => {
  it('has one row per charged call, with the endpoint, the link and the job', async () => {
    harness = await startHarness({ apiVersion });
    const { core, sandbox } = harness;
    value(await core.call('grab.resolve', { url: POST }));
    value(await core.call('grab.resolve', { url: PROFILE }));
    value(await core.call('subtitles.list', { url: POST }));
    const postJob = value(
      await core.call('jobs.add', {
        source: { kind: 'link', url: POST },
        options: { subtitles: { languages: ['en'], format: 'srt', embed: false } },
      }),
    );
    const playlistJob = value(await core.call('jobs.add', { source: { kind: 'playlist', url: QUEUED_PROFILE } }));
    await core.idle();

    const rows = value(await core.call('credits.ledger', { days: 1 })).entries.map(({ endpoint, url, jobId }) => ({ endpoint, url, jobId }));
    const [postJobId] = postJob.jobIds;
    const [playlistJobId] = playlistJob.jobIds;
    expect(rows.slice(0, 3)).toEqual([
      { endpoint: `${apiVersion} POST /extract/post`, url: POST, jobId: undefined },
      { endpoint: `${apiVersion} POST /extract/playlist`, url: PROFILE, jobId: undefined },
      { endpoint: `${apiVersion} POST /extract/subtitles`, url: POST, jobId: undefined },
    ]);
    // the queue runs its jobs side by side: their rows come in either order
    const queueRows = [
      { endpoint: `${apiVersion} POST /extract/post`, url: POST, jobId: postJobId },
      { endpoint: `${apiVersion} POST /extract/subtitles`, url: POST, jobId: postJobId },
      { endpoint: `${apiVersion} POST /extract/playlist`, url: QUEUED_PROFILE, jobId: playlistJobId },
    ];
    expect(rows.slice(3)).toHaveLength(queueRows.length);
    expect(rows.slice(3)).toEqual(expect.arrayContaining(queueRows));
    expect(sandbox.stats().charges).toHaveLength(rows.length);
  });
});
