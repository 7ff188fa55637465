import { describe, expect, it } from 'vitest';
import { routeSocket } from './socket-route';
import { screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

describe('after a lost connection', () => {
  it('asks for the balance again instead of leaving it unavailable', async () => {
    const { page } = stack();
    // The connection drops just as the page asks for the balance.
    let cut = false;
    await routeSocket(page, (request, forward, cutConnection) => {
      if (!cut && request.command === 'credits.get') {
        cut = true;
        cutConnection();
      } else {
        forward();
      }
    });
    // The engine's last known balance: the sandbox's starting credits.
    await page.waitForFunction(() => document.querySelector('[data-testid="balance"]')?.textContent === '12,000 credits');
    expect(cut).toBe(true);
    await screenshot(page, 'reconnect-balance');
  });
});
