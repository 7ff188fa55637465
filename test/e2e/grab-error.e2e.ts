import { describe, expect, it } from 'vitest';
import { grab, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

describe('errors on the Grab screen', () => {
  it("shows the service's message, the code and a next step, and charges nothing", async () => {
    const { page, sandbox } = stack();
    await grab(page, 'https://error.example/private_content');
    const card = page.getByTestId('error-card');
    await card.waitFor();
    const message = await card.getByTestId('error-message').textContent();
    expect(message?.length).toBeGreaterThan(5);
    expect(await card.getByTestId('error-code').textContent()).toContain('private_content');
    expect(await card.textContent()).toContain('Only links to public posts can be downloaded.');
    // private_content is final: no Retry.
    expect(await card.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(sandbox.stats().charges).toHaveLength(0);
    await screenshotThemes(page, 'grab-error');
  });

  it('offers Retry for a retryable failure, and the retry succeeds', async () => {
    const { page } = stack();
    await page.reload();
    // Fails five times: more than the engine's own four attempts, so the user sees it.
    await grab(page, 'https://error.example/flaky-5/e2e');
    const card = page.getByTestId('error-card');
    await card.waitFor();
    expect(await card.getByTestId('error-code').textContent()).toBeTruthy();
    await screenshotThemes(page, 'grab-error-retryable');
    await card.getByRole('button', { name: 'Retry' }).click();
    await page.getByTestId('post-card').waitFor();
    await screenshotThemes(page, 'grab-error-retried');
  });
});
