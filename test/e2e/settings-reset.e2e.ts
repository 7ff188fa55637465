import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot, useWebStack } from './web-stack';

// A settings file cut short (a crash mid-write by some other tool, a bad hand edit).
const stack = useWebStack({}, { seed: (dataDir) => writeFile(join(dataDir, 'settings.json'), '{"concurrency": 5, "downloadFolder": "/media/videos",') });

describe('settings that could not be read', () => {
  it('are announced once at start, with the way to Settings, and the banner can be dismissed', async () => {
    const { page } = stack();
    const banner = page.getByTestId('settings-reset');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Your settings could not be read.');
    await screenshot(page, 'settings-reset');
    await banner.getByRole('link', { name: 'Open Settings' }).click();
    await page.waitForFunction(() => location.hash === '#/settings');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
  });
});
