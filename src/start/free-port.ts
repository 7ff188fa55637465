import { createServer } from 'node:net';

/** `preferred` when nothing listens on it, else 0 (any free port): a second npm start still starts. */
export function preferredPortOrAny(preferred: number, host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(0));
    probe.listen(preferred, host, () => probe.close(() => resolve(preferred)));
  });
}
