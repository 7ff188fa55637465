import { describe, expect, it } from 'vitest';
import { useWebStack } from './web-stack';

// Never set up, but TROVE_API_KEY is there (the default stack passes it to the engine).
const stack = useWebStack({}, { onboarded: false });

describe('first run with TROVE_API_KEY set', () => {
  it('recognises the key and opens on the app, not on the welcome screen', async () => {
    const { page, core } = stack();
    await page.getByTestId('balance').waitFor();
    await page.waitForFunction(() => /12,000/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''));
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    const status = await core.call('key.status', {});
    expect(status.ok && status.value).toEqual({ isSet: true, source: 'environment' });
  });
});
