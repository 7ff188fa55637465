import { createHash } from 'node:crypto';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/*
 * app.requestSingleInstanceLock as Electron does it on Linux (chrome's
 * process_singleton_posix.cc, docs/api/app.md "app.requestSingleInstanceLock"): the first
 * process owns a lock in userData and listens on a socket; a later process finds the lock
 * held by a live process, sends its argv, working directory and additionalData there and
 * gets false; the first emits 'second-instance'. A lock left by a dead process is taken
 * over, as Chromium does with a stale SingletonLock.
 */

const messageSchema = z.object({ argv: z.array(z.string()), cwd: z.string(), additionalData: z.unknown() });
export type SecondInstance = z.infer<typeof messageSchema>;

const socketPath = (userData: string): string =>
  path.join(tmpdir(), `standin-singleton-${createHash('sha256').update(userData).digest('hex').slice(0, 16)}.sock`);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function tryTakeLock(lockFile: string): boolean {
  try {
    closeSync(openSync(lockFile, 'wx'));
    writeFileSync(lockFile, String(process.pid));
    return true;
  } catch {
    const owner = Number(readFileSync(lockFile, 'utf8'));
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) return false;
    writeFileSync(lockFile, String(process.pid));
    return true;
  }
}

export interface InstanceLock {
  release(): void;
}

/** Owns the lock and listens for later instances; undefined when another live process holds it. */
export function acquireInstanceLock(userData: string, onSecond: (message: SecondInstance) => void): InstanceLock | undefined {
  const lockFile = path.join(userData, 'SingletonLock');
  if (!tryTakeLock(lockFile)) return undefined;
  const socket = socketPath(userData);
  rmSync(socket, { force: true });
  const server: Server = createServer((connection) => {
    let text = '';
    connection.setEncoding('utf8');
    connection.on('data', (chunk: string) => (text += chunk));
    connection.on('end', () => {
      const parsed = messageSchema.safeParse(JSON.parse(text || 'null'));
      connection.end();
      if (parsed.success) onSecond(parsed.data);
    });
  });
  server.listen(socket);
  server.unref();
  return {
    release() {
      server.close();
      rmSync(socket, { force: true });
      rmSync(lockFile, { force: true });
    },
  };
}

/** Hands this process's command line to the instance that holds the lock. */
export function notifyFirstInstance(userData: string, message: SecondInstance): Promise<void> {
  return new Promise((resolve) => {
    const connection = createConnection(socketPath(userData), () => connection.end(JSON.stringify(message)));
    connection.on('close', () => resolve());
    connection.on('error', () => resolve());
  });
}
