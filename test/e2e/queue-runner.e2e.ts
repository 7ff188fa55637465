import { afterAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core/core-api';
import { openScreen, screenshot, screenshotThemes, useWebStack } from './web-stack';

/*
 * Another Trove on the same data folder (here a `trove get`'s engine, holding the queue
 * lock before web mode starts) runs the downloads: the queue screen says who, and the
 * notice goes once that engine ends and this one has taken the queue over.
 */

let holder: Core | undefined;
const stack = useWebStack(
  {},
  {
    seed: async (dataDir) => {
      holder = await createCore({ dataDir, face: 'cli' });
    },
  },
);
afterAll(() => holder?.close());

describe('who runs the queue', () => {
  it('is named on the queue screen while another Trove runs it, and the notice goes when this one takes over', async () => {
    const { page, core } = stack();
    expect(core.runsQueue()).toBe(false);
    await openScreen(page, '#/queue');
    const notice = page.getByTestId('queue-runner');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(new RegExp(`Downloads run in another Trove.*A trove command \\(process ${process.pid}, since .+\\) runs the downloads of this data folder`, 'u'));
    await screenshotThemes(page, 'queue-runner-elsewhere');
    // Said in the user's language, the longest (German) and a CJK one included.
    for (const [language, title] of [['de', 'Downloads laufen in einem anderen Trove'], ['ja', 'ダウンロードは別の Trove で実行中です']] as const) {
      expect((await core.call('settings.update', { language })).ok).toBe(true);
      await page.waitForFunction((text) => document.querySelector('[data-testid="queue-runner"]')?.textContent?.includes(text), title);
      await screenshot(page, `queue-runner-elsewhere-${language}`);
    }
    expect((await core.call('settings.update', { language: 'en' })).ok).toBe(true);

    await holder?.close();
    holder = undefined;
    await notice.waitFor({ state: 'detached' });
    expect(core.runsQueue()).toBe(true);
  });
});
