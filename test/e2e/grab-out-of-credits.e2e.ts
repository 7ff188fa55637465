import { describe, expect, it } from 'vitest';
import { grab, screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

describe('a preview refused for lack of credits', () => {
  it('offers Retry, which works once credits are added', async () => {
    const { page, sandbox } = stack();
    sandbox.setBalance('sandbox-key', 0);
    await grab(page, 'https://video.example/watch/e2e-no-credits');
    const card = page.getByTestId('error-card');
    await card.waitFor();
    expect(await card.getByTestId('error-code').textContent()).toContain('out_of_credits');
    await screenshot(page, 'grab-out-of-credits');

    sandbox.setBalance('sandbox-key', 12_000);
    await card.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('post-card').waitFor();
    expect(await page.getByTestId('error-card').count()).toBe(0);
  });
});
