import { describe, expect, it } from 'vitest';
import { openScreen, useWebStack } from './web-stack';

const stack = useWebStack();

describe('a file name template with an unknown field', () => {
  it('is refused with one plain message, even when the field is left at once', async () => {
    const { page, core } = stack();
    await openScreen(page, '#/settings');
    const setting = page.getByTestId('template-setting');
    const input = setting.getByLabel('File name template');
    await input.fill('{nope}');
    await input.press('Tab');
    await setting.getByText('The template uses a field Trove does not know.').waitFor();
    // Let the save that left with the field come back.
    await page.waitForTimeout(500);
    expect(await setting.locator('.field-problem').allTextContents()).toEqual([expect.stringContaining('The template uses a field Trove does not know.')]);
    const settings = await core.call('settings.get', {});
    expect(settings.ok && settings.value.fileNameTemplate).not.toBe('{nope}');
  });
});
