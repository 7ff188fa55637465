import { describe, expect, it } from 'vitest';
import { screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

describe('after a lost connection', () => {
  it('asks for the balance again instead of leaving it unavailable', async () => {
    const { page } = stack();
    // The connection drops just as the page asks for the balance.
    let cut = false;
    await page.routeWebSocket(/./, (socket) => {
      const server = socket.connectToServer();
      socket.onMessage((message) => {
        if (!cut && (JSON.parse(String(message)) as { command?: string }).command === 'credits.get') {
          cut = true;
          void socket.close();
          return;
        }
        server.send(message);
      });
    });
    await page.reload();
    // The engine's last known balance: the sandbox's starting credits.
    await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent === '12,000 credits');
    expect(cut).toBe(true);
    await screenshot(page, 'reconnect-balance');
  });
});
