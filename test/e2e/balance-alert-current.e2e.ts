import { describe, expect, it } from 'vitest';
import { grab, useWebStack } from './web-stack';

const stack = useWebStack();

describe('a low-balance banner', () => {
  it('shows the balance as it is now, and goes once credits are added', async () => {
    const { page, sandbox } = stack();
    const refresh = async (shown: string) => {
      await page.locator('.app-header').getByRole('button', { name: 'Check balance (free)' }).click();
      await page.waitForFunction((text) => document.querySelector('[data-testid="balance"]')?.textContent === text, shown);
    };
    const banner = page.getByTestId('balance-alert');

    sandbox.setBalance('sandbox-key', 1_500);
    await refresh('1,500 credits');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('1,500 credits left (below 2,000)');

    // A preview spends credits: the banner follows the header rather than the crossing.
    await grab(page, 'https://video.example/watch/e2e-alert-current');
    await page.getByTestId('post-card').waitFor();
    const after = sandbox.getBalance('sandbox-key');
    expect(after).toBeLessThan(1_500);
    await refresh(`${after.toLocaleString('en')} credits`);
    expect(await banner.textContent()).toContain(`${after.toLocaleString('en')} credits left (below 2,000)`);

    sandbox.setBalance('sandbox-key', 12_000);
    await refresh('12,000 credits');
    expect(await banner.count()).toBe(0);
  });
});
