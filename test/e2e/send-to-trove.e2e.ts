import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, useWebStack } from './web-stack';

/*
 * "Send to Trove" in web mode: the bookmarklet from Settings, clicked on another site's
 * page, opens the web UI's Grab with that page's link in the box. It pays for nothing
 * until the user presses Preview, and the bookmark carries no token.
 */

const stack = useWebStack();
const extractions = (byEndpoint: Record<string, number>): number =>
  Object.entries(byEndpoint)
    .filter(([endpoint]) => endpoint.includes('extract'))
    .reduce((sum, [, count]) => sum + count, 0);
let otherSite: Server;
let otherSiteUrl: string;

beforeAll(async () => {
  // Another site, as the browser sees it: "localhost" is not the same site as 127.0.0.1.
  otherSite = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>A video page</title><p>Some page the user reads</p>');
  });
  await new Promise<void>((resolve) => otherSite.listen(0, '127.0.0.1', resolve));
  otherSiteUrl = `http://localhost:${(otherSite.address() as AddressInfo).port}/watch/send-me?t=10`;
});

afterAll(async () => {
  await new Promise((resolve) => otherSite?.close(resolve));
});

describe('Send to Trove, web mode', () => {
  it('Settings offers a bookmarklet without the token; clicked on another site, Grab opens with that link, and nothing is charged', async () => {
    const { page, sandbox, server } = stack();
    await page.goto(`${new URL(page.url()).origin}/#/settings`);
    const bookmarklet = page.getByTestId('bookmarklet');
    await bookmarklet.scrollIntoViewIfNeeded();
    const code = await bookmarklet.getAttribute('href');
    expect(code).toMatch(/^javascript:/);
    expect(code).toContain(new URL(server.url).origin);
    expect(code).not.toContain(server.token);
    await screenshot(page, 'send-to-trove-settings');
    sandbox.resetStats();

    // The user, on another site, clicks the bookmark: its code runs in that page.
    const reading = await page.context().newPage();
    await reading.goto(otherSiteUrl);
    const opened = page.context().waitForEvent('page');
    await reading.evaluate((source) => {
      new Function(source)();
    }, decodeURIComponent((code ?? '').replace(/^javascript:/, '')));
    const ui = await opened;
    const box = ui.getByLabel('Links to posts, profiles or playlists');
    await expect.poll(() => box.inputValue(), { timeout: 15_000 }).toBe(otherSiteUrl);
    await ui.getByTestId('sent-link-notice').waitFor();
    // The link left the address bar: a reload does not send it again.
    expect(new URL(ui.url()).hash).toBe('#/grab');
    await screenshot(ui, 'send-to-trove-filled');
    expect(sandbox.stats().charges).toEqual([]);
    expect(extractions(sandbox.stats().byEndpoint)).toBe(0);

    // Preview is the user's own step, and only then is the service asked.
    await box.press('Enter');
    await ui.getByTestId('error-card').or(ui.getByTestId('post-card')).first().waitFor();
    expect(extractions(sandbox.stats().byEndpoint)).toBe(1);
    await reading.close();
    await ui.close();
  });

  it('a hostile address sent to the web UI fills nothing and says why', async () => {
    const { page, sandbox } = stack();
    sandbox.resetStats();
    const origin = new URL(page.url()).origin;
    for (const hostile of ['javascript:alert(1)', 'file:///etc/passwd', `https://${'a'.repeat(5000)}.example/`]) {
      await page.goto(`${origin}/#/grab/${encodeURIComponent(hostile)}`);
      await page.getByText('it is not an http(s) link').waitFor();
      expect(await page.getByLabel('Links to posts, profiles or playlists').inputValue()).toBe('');
    }
    expect(sandbox.stats().charges).toEqual([]);
  });
});
