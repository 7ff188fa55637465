import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { tryLockFile } from '../../../src/core/fs/os-file-lock';
import type { FileLock } from '../../../src/core/fs/os-file-lock';
import { killQuietly, startUnreapedScript } from './unreaped-process';

/* The OS lock with real processes: a holder in another process, killed with SIGKILL and left unreaped. */

const LOCK_MODULE = fileURLToPath(new URL('../../../src/core/fs/os-file-lock.ts', import.meta.url));
const dirs: string[] = [];
const children: Array<{ child: ChildProcessWithoutNullStreams; pid: number }> = [];
const locks: FileLock[] = [];
afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  for (const { child, pid } of children.splice(0)) {
    killQuietly(pid);
    child.kill('SIGKILL');
  }
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const lockPath = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'trove-lock-'));
  dirs.push(dir);
  return join(dir, 'test.lock');
};

const take = (path: string): FileLock => {
  const attempt = tryLockFile(path);
  if (!attempt.ok) return expect.fail(`not locked: ${JSON.stringify(attempt)}`);
  locks.push(attempt.lock);
  return attempt.lock;
};

/** Another process that takes the lock and keeps it; unreaped, so once killed it stays a zombie. */
async function holderProcess(path: string): Promise<{ pid: number; answer: string }> {
  const script = `const { tryLockFile } = await import(${JSON.stringify(LOCK_MODULE)}); const a = tryLockFile(${JSON.stringify(path)}); console.log(a.ok ? 'locked' : a.held ? 'held' : 'unavailable'); console.log('ready'); setInterval(() => a, 1e6);`;
  const started = await startUnreapedScript(script);
  children.push(started);
  return { pid: started.pid, answer: /^(locked|held|unavailable)$/mu.exec(started.output())?.[1] ?? '' };
}

describe('tryLockFile', () => {
  it('is refused while another process holds it, and taken the moment that process is killed, before it is even reaped', async () => {
    const path = lockPath();
    const holder = await holderProcess(path);
    expect(holder.answer).toBe('locked');
    expect(tryLockFile(path)).toEqual({ ok: false, held: true });
    process.kill(holder.pid, 'SIGKILL');
    // The killed holder is a zombie now: its pid still answers kill(pid, 0).
    expect(() => process.kill(holder.pid, 0)).not.toThrow();
    // The kernel drops the locks of a killed process as it tears it down, a moment after the signal.
    let attempt = tryLockFile(path);
    for (let tries = 0; !attempt.ok && tries < 1000; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1));
      attempt = tryLockFile(path);
    }
    expect(attempt.ok).toBe(true);
    if (attempt.ok) locks.push(attempt.lock);
  });

  it('refuses a second lock of the same file in the same process, and a refused attempt does not drop the first one', async () => {
    const path = lockPath();
    const first = take(path);
    // Each refusal opens and closes the file: with bare POSIX locks that close would drop the first lock.
    for (let n = 0; n < 3; n++) expect(tryLockFile(path)).toEqual({ ok: false, held: true });
    expect((await holderProcess(path)).answer).toBe('held');
    first.release();
    take(path);
  });

  it('removes its file while still holding it, so no one can take it between the two', () => {
    const path = lockPath();
    take(path).releaseAndRemove();
    expect(existsSync(path)).toBe(false);
  });

  it('says why a file cannot be locked at all', () => {
    const path = lockPath();
    mkdirSync(path);
    const attempt = tryLockFile(path);
    expect(attempt).toMatchObject({ ok: false, held: false, message: expect.stringMatching(/\w/u) });
  });
});
