import { describe, expect, it } from 'vitest';
import { routeSocket } from './socket-route';
import { openScreen, useWebStack } from './web-stack';

const stack = useWebStack();

describe('a file name template with an unknown field', () => {
  it('is refused with one plain message, even when the field is left before the preview answers', async () => {
    const { page, core } = stack();
    // A slow link: the name preview answers after the user has already left the field.
    await openScreen(page, '#/settings');
    await routeSocket(page, (request, forward) => setTimeout(forward, request.command === 'settings.previewFileName' ? 600 : 0));
    const setting = page.getByTestId('template-setting');
    const input = setting.getByLabel('File name template');
    await input.fill('{nope}');
    await input.press('Tab');
    await setting.getByText('The template uses a field Trove does not know.').waitFor();
    expect(await setting.locator('.field-problem').allTextContents()).toEqual([expect.stringContaining('The template uses a field Trove does not know.')]);
    const settings = await core.call('settings.get', {});
    expect(settings.ok && settings.value.fileNameTemplate).not.toBe('{nope}');
  });
});
