import { fileURLToPath } from 'node:url';
import { startChild } from './node-child';

export interface StaticServer {
  /** The URL of the first `size` bytes of the source file. */
  urlOf(size: number): string;
  close(): Promise<void>;
}

const SCRIPT = fileURLToPath(new URL('./static-server-child.ts', import.meta.url));

/** A plain node:http static server for `source`, in a child process. */
export async function startStaticServer(source: string): Promise<StaticServer> {
  const running = await startChild(SCRIPT, [source], /^listening /);
  const base = running.readyLine.replace(/^listening /, '').trim();
  return { urlOf: (size) => `${base}/bytes/${size}`, close: () => running.stop() };
}
