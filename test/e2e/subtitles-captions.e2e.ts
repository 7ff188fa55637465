import { describe, expect, it } from 'vitest';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();
const LINK = 'https://video.example/watch/e2e-captions';

/*
 * A video already in the library, opened on the Subtitles screen by its link: the screen
 * knows it is that post (player, embedding, the way back), and the track being browsed
 * shows as captions in the player while a click on a cue still seeks.
 */
describe('subtitles of a downloaded video', () => {
  it('from its link: the library post is recognised, and the browsed track plays as captions', async () => {
    const { page, core } = stack();
    expect((await core.call('jobs.add', { source: { kind: 'link', url: LINK }, options: {} })).ok).toBe(true);
    await core.idle();

    await openScreen(page, '#/subtitles');
    const box = page.getByLabel('Video link');
    await box.fill(LINK);
    await box.press('Enter');
    await page.getByTestId('track-list').waitFor();
    // The same post as in the library: its way back, its player, and embedding offered.
    await page.getByRole('link', { name: 'Back to the post' }).waitFor();
    await page.getByTestId('player').waitFor();
    await page.getByRole('checkbox', { name: /embed them into the downloaded video/ }).waitFor();
    expect(await page.getByText('Embedding needs the video in your library.').count()).toBe(0);

    await page.getByTestId('track').filter({ hasText: 'es-ES' }).getByRole('button', { name: 'View' }).click();
    await page.getByTestId('cue').first().waitFor();
    const cueCount = await page.getByTestId('cue').count();
    const captions = () =>
      page.getByTestId('player').evaluate((video: HTMLVideoElement) => {
        const showing = [...video.textTracks].filter((track) => track.mode === 'showing');
        const [track] = showing;
        return {
          showing: showing.length,
          language: track?.language,
          cues: track?.cues?.length ?? 0,
          active: [...(track?.activeCues ?? [])].map((cue) => (cue as VTTCue).text),
        };
      });
    await expect.poll(async () => (await captions()).cues).toBe(cueCount);
    expect(await captions()).toMatchObject({ showing: 1, language: 'es-ES' });

    // Click-to-seek still works, and the caption on screen is the cue clicked.
    const cue = page.getByTestId('cue').nth(1);
    const text = (await cue.locator('.cue-text').textContent()) ?? '';
    await page.getByTestId('player').evaluate((video: HTMLVideoElement) => (video.muted = true));
    await cue.getByRole('button').click();
    await expect.poll(async () => (await captions()).active).toEqual([text]);
    await page.getByTestId('player').evaluate((video: HTMLVideoElement) => video.pause());
    await screenshotThemes(page, 'subtitles-captions');

    // Another track replaces the captions; only one is shown.
    await page.getByTestId('track').filter({ hasText: 'ja-JP' }).getByRole('button', { name: 'View' }).click();
    await expect.poll(async () => (await captions()).language).toBe('ja-JP');
    expect((await captions()).showing).toBe(1);
  });
});
