import { createServer } from 'node:net';

/** A port nothing listens on (taken, then let go): a service that cannot be reached. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('The test server has no TCP port.');
  return address.port;
}
