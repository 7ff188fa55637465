import type { FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { finished } from 'node:stream';
import type { BandwidthLimiter } from './bandwidth-limiter';
import { DownloadFailure, diskError, fail, networkError } from './download-error';
import { freeSpentBuffer } from './free-spent-buffer';
import type { WriteBudget } from './write-budget';

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
  /** Bytes received but not yet on disk, shared by every connection. */
  budget: WriteBudget;
  onReceived(bytes: number): void;
  /** [start, end) is on disk (not yet fsynced). */
  onWritten(start: number, end: number): void;
}

// A write starts once this much has gathered (fewer, larger writes: one thread-pool hop
// each); while it runs the next batch fills, so the network and the disk work in parallel.
const WRITE_BATCH_BYTES = 256 << 10;
// With this much waiting behind a running write, the socket pauses until the write is done.
const MAX_BATCH_BYTES = 512 << 10;

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

type PauseReason = 'disk' | 'budget' | 'bandwidth';

/**
 * Streams a response body into the file at `position`, with backpressure (the socket is
 * paused while the disk, the shared write budget or the bandwidth limit is behind), a
 * stall watchdog and the shared bandwidth limit. Chunks are taken in 'data' events, with
 * no promise per chunk: the hot path is a push onto the batch. Returns the bytes
 * received, all of them written; whatever arrived before a failure is written too, so a
 * retry resumes after it.
 */
export function receiveBody(response: IncomingMessage, target: ReceiveTarget, hooks: ReceiveHooks): Promise<number> {
  const { budget } = hooks;
  const limit = target.length ?? Number.POSITIVE_INFINITY;
  let received = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  let batchStart = target.position;
  let writing = false;
  let writeError: unknown;
  let streamError: unknown;
  let streamDone = false;
  const paused = new Set<PauseReason>();
  let bandwidthTimer: NodeJS.Timeout | undefined;

  return new Promise<number>((resolve, reject) => {
    const pause = (reason: PauseReason): void => {
      paused.add(reason);
      response.pause();
    };
    const unpause = (reason: PauseReason): void => {
      if (!paused.delete(reason) || paused.size > 0 || streamDone) return;
      response.resume();
    };
    const onRoom = (): void => unpause('budget');

    // The watchdog counts chunks; two idle ticks in a row while we wait for the network = stalled.
    let chunks = 0;
    let seen = 0;
    let idleTicks = 0;
    const watchdog = setInterval(() => {
      if (paused.size > 0 || chunks !== seen) {
        seen = chunks;
        idleTicks = 0;
        return;
      }
      if (++idleTicks >= 2) {
        response.destroy(fail('stalled', `No data from ${hooks.host} for ${Math.round(hooks.stallTimeoutMs / 1000)} s.`));
      }
    }, Math.max(1, hooks.stallTimeoutMs / 2));

    const settle = (): void => {
      if (!streamDone || writing) return;
      if (writeError === undefined && batchBytes > 0) return startWrite();
      // A failed disk leaves the rest of the batch unwritten: hand its bytes back.
      budget.release(batchBytes);
      batch.forEach(freeSpentBuffer);
      batch = [];
      batchBytes = 0;
      if (writeError !== undefined) return reject(new DownloadFailure(diskError(writeError, target.path)));
      if (streamError !== undefined) {
        if (streamError instanceof DownloadFailure) return reject(streamError);
        if (hooks.signal.aborted) return reject(fail('canceled', 'The download was canceled.'));
        return reject(new DownloadFailure(networkError(streamError, hooks.host)));
      }
      resolve(received);
    };

    const endStream = (error?: unknown): void => {
      if (streamDone) return;
      streamDone = true;
      streamError = error;
      clearInterval(watchdog);
      clearTimeout(bandwidthTimer);
      budget.cancel(onRoom);
      unregister();
      socket?.off('end', drain);
      socket?.off('data', freeRead);
      stopWatching();
      response.off('data', onData);
      settle();
    };

    const startWrite = (): void => {
      const buffers = batch;
      const start = batchStart;
      const length = batchBytes;
      batch = [];
      batchBytes = 0;
      batchStart += length;
      writing = true;
      void writeAll(target.file, buffers, start, length).then(({ written, error }) => {
        buffers.forEach(freeSpentBuffer);
        writing = false;
        budget.release(length);
        if (written > 0) hooks.onWritten(start, start + written);
        if (error !== undefined) {
          writeError ??= error;
          if (streamDone) return settle();
          // Nothing more can be written: stop reading.
          response.destroy();
          return endStream();
        }
        if (batchBytes >= WRITE_BATCH_BYTES || (paused.has('budget') && batchBytes > 0)) startWrite();
        unpause('disk');
        settle();
      });
    };

    const onData = (chunk: Buffer): void => {
      chunks++;
      const room = limit - received;
      const data = chunk.length > room ? chunk.subarray(0, room) : chunk;
      received += data.length;
      batch.push(data);
      batchBytes += data.length;
      hooks.onReceived(data.length);
      const roomLeft = budget.hold(data.length);
      if (received >= limit) {
        // The piece is complete; whatever else the server sends is not ours.
        endStream();
        response.destroy();
        return;
      }
      if (!writing && batchBytes >= WRITE_BATCH_BYTES) startWrite();
      else if (writing && batchBytes >= MAX_BATCH_BYTES) pause('disk');
      if (!roomLeft) {
        pause('budget');
        budget.whenRoom(onRoom);
      }
      const wait = hooks.bandwidth?.take(data.length) ?? 0;
      if (wait > 0 && !paused.has('bandwidth')) {
        pause('bandwidth');
        bandwidthTimer = setTimeout(() => unpause('bandwidth'), wait);
      }
    };

    // A server that ends a body short closes the connection, and the response is torn down
    // with whatever a pause left in its buffer: take that first ('data' handles each chunk),
    // so all that arrived is written and a retry resumes after it.
    // With the budget spent, what every connection holds goes to disk, so room always comes back.
    const unregister = budget.register(() => {
      if (!writing && batchBytes > 0) startWrite();
    });
    const socket = response.socket;
    const drain = (): void => {
      while (!streamDone && response.read() !== null);
    };
    socket?.once('end', drain);
    // Each socket read is garbage once node's HTTP parser has copied the body out of it,
    // which it does in its own 'data' listener, added when the request took the socket,
    // so before this one. Removed when the body ends, before a keep-alive socket can
    // serve another request (node hands it on a tick after the response's 'end').
    const freeRead = (read: Buffer): void => freeSpentBuffer(read);
    socket?.on('data', freeRead);
    response.once('end', () => socket?.off('data', freeRead));
    const stopWatching = finished(response, (error) => endStream(error ?? undefined));
    response.on('data', onData);
  });
}
