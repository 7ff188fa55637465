import type { Page } from 'playwright-core';

/** A request of the web UI over its socket, as far as the tests look at it. */
export interface SocketRequest {
  command?: string;
  input?: { offset?: number };
}

/**
 * Puts the test between the page and the web server, for network trouble the server cannot
 * cause: each request goes to `handle`, which forwards it (now or later) or cuts the
 * connection (the page then reconnects, through the route again). The page is loaded
 * again so its socket takes the route.
 */
export async function routeSocket(page: Page, handle: (request: SocketRequest, forward: () => void, cut: () => void) => void): Promise<void> {
  await page.routeWebSocket(/./, (socket) => {
    const server = socket.connectToServer();
    socket.onMessage((message) => {
      handle(
        JSON.parse(String(message)) as SocketRequest,
        () => server.send(message),
        () => void socket.close(),
      );
    });
  });
  await page.reload();
}
