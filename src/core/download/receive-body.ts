import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { realSleep } from '../api/timing';
import type { BandwidthLimiter } from './bandwidth-limiter';
import { DownloadFailure, diskError, fail, networkError } from './download-error';

export interface ReceiveTarget {
  file: FileHandle;
  /** For error messages. */
  path: string;
  /** Where the first body byte goes in the file. */
  position: number;
  /** Stop after this many bytes (the end of a piece); undefined = until the body ends. */
  length: number | undefined;
}

export interface ReceiveHooks {
  signal: AbortSignal;
  host: string;
  stallTimeoutMs: number;
  bandwidth: BandwidthLimiter | undefined;
  onReceived(bytes: number): void;
  /** [start, end) is on disk (not yet fsynced). */
  onWritten(start: number, end: number): void;
}

// Socket chunks are gathered into one positioned writev of this size; one write is in
// flight while the next batch fills, so the network and the disk work in parallel and
// memory stays bounded whatever the file size.
const WRITE_BATCH_BYTES = 256 << 10;

/** Writes the batch; on failure, says how much of it reached the file before the error. */
async function writeAll(file: FileHandle, buffers: Buffer[], position: number, length: number): Promise<{ written: number; error?: unknown }> {
  let written = 0;
  try {
    written = (await file.writev(buffers, position)).bytesWritten;
    // Short writes happen on a nearly full disk; the rest is retried until it fails for real.
    while (written < length) {
      const rest = Buffer.concat(buffers).subarray(written);
      written += (await file.write(rest, 0, rest.length, position + written)).bytesWritten;
    }
    return { written };
  } catch (error) {
    return { written, error };
  }
}

/**
 * Streams a response body into the file at `position`, with backpressure (the socket is
 * not read while the disk or the bandwidth limit is behind), a stall watchdog and the
 * shared bandwidth limit. Returns the bytes received, all of them written; whatever
 * arrived before a failure is written too, so a retry resumes after it.
 */
export async function receiveBody(response: IncomingMessage, target: ReceiveTarget, hooks: ReceiveHooks): Promise<number> {
  const limit = target.length ?? Number.POSITIVE_INFINITY;
  let received = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let batchStart = target.position;
  let pending: Promise<void> = Promise.resolve();
  let writeError: unknown;
  let streamError: unknown;

  const startWrite = (): void => {
    const buffers = batch;
    const start = batchStart;
    const length = batchBytes;
    batch = [];
    batchBytes = 0;
    batchStart += length;
    pending = writeAll(target.file, buffers, start, length).then(({ written, error }) => {
      if (written > 0) hooks.onWritten(start, start + written);
      if (error !== undefined) writeError ??= error;
    });
  };

  // The watchdog counts chunks; two idle ticks in a row while we wait for the network = stalled.
  let chunks = 0;
  let seen = 0;
  let idleTicks = 0;
  let waitingOnUs = false;
  const watchdog = setInterval(() => {
    if (waitingOnUs || chunks !== seen) {
      seen = chunks;
      idleTicks = 0;
      return;
    }
    if (++idleTicks >= 2) {
      response.destroy(fail('stalled', `No data from ${hooks.host} for ${Math.round(hooks.stallTimeoutMs / 1000)} s.`));
    }
  }, Math.max(1, hooks.stallTimeoutMs / 2));

  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      chunks++;
      const room = limit - received;
      const data = chunk.length > room ? chunk.subarray(0, room) : chunk;
      received += data.length;
      batch.push(data);
      batchBytes += data.length;
      hooks.onReceived(data.length);
      if (batchBytes >= WRITE_BATCH_BYTES) {
        waitingOnUs = true;
        await pending;
        waitingOnUs = false;
        if (writeError !== undefined) break;
        startWrite();
      }
      const wait = hooks.bandwidth?.take(data.length) ?? 0;
      if (wait > 0) {
        waitingOnUs = true;
        await realSleep(wait, hooks.signal);
        waitingOnUs = false;
      }
      if (received >= limit) break;
    }
  } catch (error) {
    streamError = error;
  } finally {
    clearInterval(watchdog);
  }

  await pending;
  if (writeError === undefined && batchBytes > 0) {
    startWrite();
    await pending;
  }
  if (writeError !== undefined) throw new DownloadFailure(diskError(writeError, target.path));
  if (streamError !== undefined) {
    if (streamError instanceof DownloadFailure) throw streamError;
    if (hooks.signal.aborted) throw fail('canceled', 'The download was canceled.');
    throw new DownloadFailure(networkError(streamError, hooks.host));
  }
  return received;
}
