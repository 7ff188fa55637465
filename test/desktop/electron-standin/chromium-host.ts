import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../chromium';

/*
 * The browser behind every BrowserWindow: Debian's Chromium through playwright-core, one
 * persistent profile under userData (Electron keeps its Chromium profile there too). A
 * DevTools port lets the test connect with its own playwright client to drive the pages.
 */

export interface ChromiumHost {
  context: BrowserContext;
  /** http://127.0.0.1:<port> for playwright's connectOverCDP. */
  cdpEndpoint: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function launchChromium(userData: string): Promise<ChromiumHost> {
  const port = await freePort();
  const context = await chromium.launchPersistentContext(path.join(userData, 'standin-chromium'), {
    executablePath: process.env['TROVE_STANDIN_CHROMIUM'] ?? CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    // Sizes come from BrowserWindow bounds, not playwright's default 1280x720.
    viewport: null,
    handleSIGINT: false,
    handleSIGTERM: false,
  });
  // Electron starts with no window: the profile's blank first tab is not one.
  for (const page of context.pages()) await page.close();
  return { context, cdpEndpoint: `http://127.0.0.1:${port}` };
}
