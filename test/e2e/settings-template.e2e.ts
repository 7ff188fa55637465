import { describe, expect, it } from 'vitest';
import { openScreen, useWebStack } from './web-stack';

const stack = useWebStack();

describe('a file name template with an unknown field', () => {
  it('is refused with one plain message, even when the field is left before the preview answers', async () => {
    const { page, core } = stack();
    // A slow link: the name preview answers after the user has already left the field.
    await page.routeWebSocket(/./, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        const slow = (JSON.parse(String(message)) as { command?: string }).command === 'settings.previewFileName';
        setTimeout(() => server.send(message), slow ? 600 : 0);
      });
    });
    await openScreen(page, '#/settings');
    await page.reload();
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
