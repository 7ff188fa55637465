import { describe, expect, it } from 'vitest';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

describe('search what was said', () => {
  it('finds a sentence in a downloaded video\'s subtitles and opens the moment with captions on', async () => {
    const { core, page } = stack();
    const added = await core.call('jobs.add', {
      source: { kind: 'link', url: 'https://video.example/watch/e2e-said' },
      options: { subtitles: { languages: ['en', 'ja'], format: 'srt', embed: false } },
    });
    expect(added.ok).toBe(true);
    await core.idle();

    await openScreen(page, '#/library');
    const search = page.getByRole('searchbox', { name: 'Search the library' });
    await search.pressSequentially("that's all folks", { delay: 20 });
    const said = page.getByTestId('said');
    await said.getByRole('heading', { name: 'Said in 1 video' }).waitFor();
    const moments = said.getByTestId('said-moment');
    expect(await moments.count()).toBe(1);
    expect(await moments.first().textContent()).toContain('0:02.000');
    expect(await moments.first().locator('mark').allTextContents()).toEqual(["That's", 'all', 'folks']);
    await screenshotThemes(page, 'library-said');

    await moments.first().click();
    expect(page.url()).toMatch(/#\/library\/\d+\/said\/2000\/en-US$/);
    const video = page.getByTestId('item-view').locator('video');
    // the player opens at the moment, with that language's saved subtitles showing as captions
    const opened = await video.evaluate(async (element: HTMLVideoElement) => {
      element.muted = true;
      const track = await new Promise<TextTrack>((resolve) => {
        const check = () => {
          const showing = [...element.textTracks].find((candidate) => candidate.mode === 'showing' && (candidate.cues?.length ?? 0) > 0);
          if (showing && element.readyState >= 1) resolve(showing);
          else setTimeout(check, 50);
        };
        check();
      });
      element.pause();
      return { at: element.currentTime, language: track.language, cues: [...(track.cues ?? [])].map((cue) => (cue as VTTCue).text) };
    });
    expect(opened.at).toBeGreaterThanOrEqual(2);
    expect(opened.at).toBeLessThan(2.9);
    expect(opened.language).toBe('en-US');
    expect(opened.cues).toEqual(['Hello & welcome', 'This is a "sample"\nwith two lines', "That's all, folks"]);
    await screenshotThemes(page, 'library-said-moment');

    // Japanese: any two characters, here across the cue's line break
    await openScreen(page, '#/library');
    await search.fill('です二行');
    const japanese = said.getByTestId('said-moment').filter({ hasText: 'Japanese (Japan)' });
    await japanese.waitFor();
    expect(await said.getByTestId('said-moment').count()).toBe(1);
    expect(await japanese.locator('mark').allTextContents()).toEqual(['です\n二行']);
  });
});
