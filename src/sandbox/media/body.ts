import { createCipheriv, createHash } from 'node:crypto';

const CHUNK = 64 * 1024;

/** A servable resource: its size, validator and bytes for any range. */
export interface MediaBody {
  size: number;
  etag: string;
  contentType: string;
  /** The bytes of [start, end) in chunks of at most 64 KiB. */
  chunks(start: number, end: number): Iterable<Buffer>;
}

/**
 * A mutated resource (the `mutate` fault) has new bytes of the same size and a new ETag:
 * generation g > 0 XORs every byte with a mask that depends on g.
 */
const mutationMask = (generation: number): number => (generation * 0x9d + 0x5a) & 0xff || 0xff;

function* mutated(source: Iterable<Buffer>, generation: number): Iterable<Buffer> {
  if (generation === 0) {
    yield* source;
    return;
  }
  const mask = mutationMask(generation);
  for (const chunk of source) yield Buffer.from(chunk.map((byte) => byte ^ mask));
}

export function bufferBody(bytes: Buffer, contentType: string, generation: number): MediaBody {
  const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 22);
  return {
    size: bytes.length,
    etag: `"${digest}-${generation}"`,
    contentType,
    chunks: (start, end) =>
      mutated(
        (function* () {
          for (let at = start; at < end; at += CHUNK) yield bytes.subarray(at, Math.min(end, at + CHUNK));
        })(),
        generation,
      ),
  };
}

/**
 * `size` deterministic pseudo-random bytes: the AES-256-CTR keystream of a key derived from
 * the seed. CTR mode can start at any 16-byte block, so any range is generated directly
 * without producing (or holding) the bytes before it.
 */
export function blobBody(seed: string, size: number, generation: number): MediaBody {
  const key = createHash('sha256').update(`trove-sandbox-blob:${seed}`).digest();
  return {
    size,
    etag: `"blob-${createHash('sha256').update(`${seed}:${size}`).digest('base64url').slice(0, 16)}-${generation}"`,
    contentType: 'application/octet-stream',
    chunks: (start, end) => mutated(keystream(key, start, end), generation),
  };
}

function* keystream(key: Buffer, start: number, end: number): Iterable<Buffer> {
  const block = Math.floor(start / 16);
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(block), 8);
  const cipher = createCipheriv('aes-256-ctr', key, iv);
  let skip = start - block * 16;
  for (let at = start; at < end; ) {
    const length = Math.min(CHUNK, end - at);
    const out = cipher.update(Buffer.alloc(length + skip)).subarray(skip);
    skip = 0;
    at += length;
    yield out;
  }
}
