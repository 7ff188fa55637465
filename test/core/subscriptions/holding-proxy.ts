import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HoldingProxy {
  url: string;
  /** Resolves when a request is being held (the one after `passPlaylistPages` pages went through). */
  holding: Promise<void>;
  close(): Promise<void>;
}

/**
 * A pass-through proxy in front of the sandbox that lets `passPlaylistPages` playlist
 * requests through and holds the next one forever: the moment a run has recorded those
 * pages and asked for one more, which is never answered (nor charged). Closing the engine
 * then, or killing its process, is a restart in the middle of a run.
 */
export async function startHoldingProxy(target: string, passPlaylistPages: number): Promise<HoldingProxy> {
  let pages = 0;
  let held: () => void = () => undefined;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const server = createServer((req, res) => {
    if (req.url?.includes('playlist') && ++pages > passPlaylistPages) {
      held();
      return; // never answered
    }
    const upstream = request(new URL(req.url ?? '/', target), { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    holding,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
