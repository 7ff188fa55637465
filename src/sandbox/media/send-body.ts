import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/** What happens once `bytes` body bytes are out (the reset, stall and truncate faults). */
export interface BodyCut {
  bytes: number;
  then: 'reset' | 'stall' | 'truncate';
}

export interface SendOptions {
  /** 0 = unlimited. */
  bytesPerSecond: number;
  cut?: BodyCut;
}

/** Throttled writes go out in slices of a tenth of a second's worth of bytes. */
const SLICES_PER_SECOND = 10;

/**
 * Streams the chunks into the response with backpressure, an optional throttle (paced so
 * that bytes sent never run ahead of bytesPerSecond × elapsed time) and an optional cut.
 */
export async function sendBody(res: ServerResponse, chunks: Iterable<Buffer>, options: SendOptions): Promise<void> {
  const { bytesPerSecond, cut } = options;
  const started = Date.now();
  let sent = 0;
  for (const chunk of chunks) {
    for (const slice of slices(chunk, bytesPerSecond)) {
      const room = cut ? cut.bytes - sent : slice.length;
      const part = room < slice.length ? slice.subarray(0, Math.max(0, room)) : slice;
      if (part.length > 0) {
        if (!(await write(res, part))) return;
        sent += part.length;
      }
      if (cut && sent >= cut.bytes) return applyCut(res, cut);
      if (bytesPerSecond > 0) {
        const due = started + (sent / bytesPerSecond) * 1000;
        if (due > Date.now()) await sleep(due - Date.now());
      }
      if (res.destroyed) return;
    }
  }
  // A body shorter than the cut point completes normally.
  res.end();
}

function* slices(chunk: Buffer, bytesPerSecond: number): Iterable<Buffer> {
  const size = bytesPerSecond > 0 ? Math.max(1, Math.floor(bytesPerSecond / SLICES_PER_SECOND)) : chunk.length;
  for (let at = 0; at < chunk.length; at += size) yield chunk.subarray(at, at + size);
}

/** Resolves true once the bytes are handed to the kernel, false if the client went away. */
function write(res: ServerResponse, bytes: Buffer): Promise<boolean> {
  return new Promise((resolve) => {
    const onClose = (): void => resolve(false);
    res.once('close', onClose);
    res.write(bytes, (error) => {
      res.off('close', onClose);
      resolve(!error);
    });
  });
}

async function applyCut(res: ServerResponse, cut: BodyCut): Promise<void> {
  if (cut.then === 'reset') {
    res.socket?.resetAndDestroy();
  } else if (cut.then === 'truncate') {
    // The declared Content-Length is not met; the connection closes so the client sees the short body.
    res.end();
  } else if (!res.destroyed) {
    // Stall: hold the connection silently until the client gives up or the sandbox closes.
    await new Promise<void>((resolve) => res.once('close', resolve));
  }
}
