import { spawn } from 'node:child_process';
import { sharedFfmpegGate, type FfmpegGate } from './ffmpeg-gate';

export interface FfmpegRun {
  /** Exit code; null when killed. */
  code: number | null;
  /** ffmpeg's log (stderr); of a long one, the start (the stream descriptions) and the end (why it stopped). */
  stderr: string;
  canceled: boolean;
  /** Set when the binary could not be started at all. */
  spawnError?: NodeJS.ErrnoException;
}

export interface RunOptions {
  signal?: AbortSignal;
  /** Each complete line ffmpeg writes to stdout (`-progress pipe:1`). */
  onStdoutLine?: (line: string) => void;
  /** Counted from the start of the process, not from the wait for a place at the gate. */
  timeoutMs?: number;
  /** Limits concurrent runs; default: one gate for the whole process, sized to the cores. */
  gate?: FfmpegGate;
}

// ffmpeg can log a lot (one line per warning): keep its start (the descriptions of the
// inputs and output, which a merge reads; long only with much metadata) and its end (why it stopped).
const STDERR_HEAD = 1024 * 1024;
const STDERR_TAIL = 64 * 1024;

/** Runs ffmpeg without a shell once the gate lets it; the AbortSignal (or the timeout) kills it. Never rejects. */
export async function runFfmpeg(ffmpegPath: string, args: readonly string[], options: RunOptions = {}): Promise<FfmpegRun> {
  const leave = await (options.gate ?? sharedFfmpegGate).enter(options.signal);
  if (!leave) return { code: null, stderr: '', canceled: true };
  try {
    return await spawnFfmpeg(ffmpegPath, args, options);
  } finally {
    leave();
  }
}

function spawnFfmpeg(ffmpegPath: string, args: readonly string[], options: RunOptions): Promise<FfmpegRun> {
  return new Promise((resolve) => {
    let head = '';
    let tail = '';
    let skipped = false;
    let stdoutRest = '';
    let spawnError: NodeJS.ErrnoException | undefined;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    } catch (error) {
      // Some paths fail inside spawn itself (too long for the OS, a NUL byte) instead of by an 'error' event.
      resolve({ code: null, stderr: '', canceled: false, spawnError: error as NodeJS.ErrnoException });
      return;
    }
    const kill = (): void => {
      child.kill('SIGKILL');
    };
    const timer = options.timeoutMs === undefined ? undefined : setTimeout(kill, options.timeoutMs);
    options.signal?.addEventListener('abort', kill, { once: true });
    child.stderr?.setEncoding('utf8').on('data', (text: string) => {
      const room = STDERR_HEAD - head.length;
      if (room > 0) head += text.slice(0, room);
      const rest = tail + (room > 0 ? text.slice(room) : text);
      skipped ||= rest.length > STDERR_TAIL;
      tail = rest.slice(-STDERR_TAIL);
    });
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      const lines = (stdoutRest + text).split('\n');
      stdoutRest = lines.pop() ?? '';
      for (const line of lines) options.onStdoutLine?.(line.trimEnd());
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.on('close', (code) => {
      if (stdoutRest.length > 0) options.onStdoutLine?.(stdoutRest.trimEnd());
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', kill);
      const stderr = skipped ? `${head}\n[…]\n${tail}` : head + tail;
      resolve({ code, stderr, canceled: options.signal?.aborted === true, ...(spawnError ? { spawnError } : {}) });
    });
    if (options.signal?.aborted) kill();
  });
}

/** The last meaningful lines of ffmpeg's log, for an error message. */
export const logTail = (stderr: string, lines = 3): string =>
  stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .slice(-lines)
    .join(' | ');
