/**
 * Hands a buffer's memory back to the allocator now rather than at V8's next garbage
 * collection. A download receives a fresh buffer for every socket read and another for
 * the HTTP parser's copy of the body, all of it external memory: V8 frees that only when
 * it collects the small objects that own it, and it collects those late (mostly when tens
 * of MB of external memory have piled up), so dead buffers accumulated and the engine's
 * peak RSS grew with the size of the files (benchmark 7, docs/performance.md). Freed at
 * once, the same few MB are reused read after read.
 *
 * Only for a buffer nothing reads any more and that owns its whole ArrayBuffer (a view
 * into a larger or shared one is left alone: other views may still need it).
 */
export function freeSpentBuffer(buffer: Buffer): void {
  const memory = buffer.buffer;
  if (!(memory instanceof ArrayBuffer) || memory.detached) return;
  if (buffer.byteOffset !== 0 || buffer.byteLength !== memory.byteLength) return;
  // Detaching the ArrayBuffer releases its backing store; the empty one returned is dropped.
  memory.transfer(0);
}
