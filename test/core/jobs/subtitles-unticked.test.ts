import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from '../engine/core-harness';
import { startHarness, value } from '../engine/core-harness';
import { initialChoices, postDownloadRequest } from '../../../src/renderer/src/grab/download-request';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

/*
 * With "Save subtitles" on in Settings, a Grab card whose box the user unticked (or where
 * Grab no longer offers subtitles, the service having refused them on that site) sent no
 * subtitle option: the job fell back to the settings, listed subtitles anyway and, on a
 * refusing site, ended "done, with 1 problem". The card's own request now says "no
 * subtitles" and the engine keeps to it. Real renderer request, real engine and sandbox.
 */

const subtitleCalls = (current: Harness) => current.sandbox.stats().charges.filter((charge) => charge.endpoint.includes('subtitles')).length;

/** Previews `url` as Grab does, then downloads it with the card's "Save subtitles" box as given. */
async function grabWithBox(current: Harness, url: string, saveSubtitles: boolean) {
  const { core } = current;
  const settings = value(await core.call('settings.get', {}));
  const grabbed = value(await core.call('grab.resolve', { url }));
  if (grabbed.kind !== 'post') throw new Error('expected a post');
  const choices = { ...initialChoices(grabbed.post, settings), saveSubtitles };
  const request = postDownloadRequest(grabbed.resolutionId, grabbed.post, choices, settings);
  const [id] = value(await core.call('jobs.add', request)).jobIds;
  await core.idle();
  return value(await core.call('jobs.list', {})).find((job) => job.id === id);
}

describe('a Grab card with "Save subtitles" unticked while Settings say save them', () => {
  it('lists no subtitles and ends done with no problem; the ticked box still lists them', async () => {
    harness = await startHarness();
    value(await harness.core.call('settings.update', { saveSubtitles: true, subtitleLanguages: ['en'] }));

    const unticked = await grabWithBox(harness, 'https://video.example/watch/subbed-unticked', false);
    expect(unticked?.state).toBe('done');
    expect(unticked?.problems).toBeUndefined();
    expect(unticked?.files.some((file) => file.endsWith('.mp4'))).toBe(true);
    expect(unticked?.files.some((file) => file.endsWith('.srt'))).toBe(false);
    expect(subtitleCalls(harness)).toBe(0);

    // The control: the same kind of post with the box left ticked pays for one listing and saves its track.
    const ticked = await grabWithBox(harness, 'https://video.example/watch/subbed-ticked', true);
    expect(ticked?.state).toBe('done');
    expect(ticked?.files.some((file) => file.endsWith('.srt'))).toBe(true);
    expect(subtitleCalls(harness)).toBe(1);
  });

  it('on a site where subtitles are not offered (the card unticks them): no subtitle call, no problem', async () => {
    harness = await startHarness();
    value(await harness.core.call('settings.update', { saveSubtitles: true, subtitleLanguages: ['en'] }));
    const job = await grabWithBox(harness, 'https://guarded.example/watch/no-subs-unticked', false);
    expect(job?.state).toBe('done');
    expect(job?.problems).toBeUndefined();
    expect(subtitleCalls(harness)).toBe(0);
  });
});
