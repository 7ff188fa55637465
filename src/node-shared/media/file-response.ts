import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { parseByteRange } from '../../shared/byte-range';
import { contentTypeFor } from './content-type';

/** A transport-neutral file response: Node's http server and Electron's protocol.handle both write it. */
export interface FileResponse {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  /** Opens the body stream; absent for 416 and HEAD. */
  body?: () => Readable;
}

/** Answers a GET/HEAD for a file already confined by resolveMediaPath, honouring one Range. */
export async function fileResponse(filePath: string, rangeHeader: string | null | undefined, head = false): Promise<FileResponse> {
  const { size, mtimeMs } = await stat(filePath);
  const base: Record<string, string> = {
    'Content-Type': contentTypeFor(filePath),
    'Accept-Ranges': 'bytes',
    'Last-Modified': new Date(mtimeMs).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=60',
  };
  const range = parseByteRange(rangeHeader, size);
  if (range.kind === 'unsatisfiable') {
    return { status: 416, headers: { ...base, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' } };
  }
  if (range.kind === 'full') {
    return {
      status: 200,
      headers: { ...base, 'Content-Length': String(size) },
      ...(head ? {} : { body: () => createReadStream(filePath) }),
    };
  }
  const { start, end } = range;
  return {
    status: 206,
    headers: { ...base, 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` },
    ...(head ? {} : { body: () => createReadStream(filePath, { start, end }) }),
  };
}
