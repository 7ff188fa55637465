import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';

/*
 * A plain static file server (node:http, fs streams), run as its own process: the local
 * HTTP server that curl and Trove download from. `GET /bytes/<n>` serves the first n bytes
 * of the source file, with Content-Length, ETag and single byte ranges, as any static
 * server would.
 *
 * Usage: static-server-child.ts <source file>  → prints "listening <url>"
 */

const source = process.argv[2];
if (source === undefined) throw new Error('usage: static-server-child.ts <source file>');
const available = statSync(source).size;
const READ_CHUNK = 1 << 20;

const server = createServer((req, res) => {
  const match = /^\/bytes\/(\d+)$/.exec(req.url ?? '');
  const size = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(size) || size > available || size <= 0) {
    res.writeHead(404).end();
    return;
  }
  const headers = { 'accept-ranges': 'bytes', etag: `"bytes-${size}"`, 'content-type': 'application/octet-stream' };
  const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
  let start = 0;
  let end = size - 1;
  if (range) {
    start = Number(range[1]);
    end = range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || end < start) {
      res.writeHead(416, { 'content-range': `bytes */${size}` }).end();
      return;
    }
    res.writeHead(206, { ...headers, 'content-length': end - start + 1, 'content-range': `bytes ${start}-${end}/${size}` });
  } else {
    res.writeHead(200, { ...headers, 'content-length': size });
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(source, { start, end, highWaterMark: READ_CHUNK }).pipe(res);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no address');
  process.stdout.write(`listening http://127.0.0.1:${address.port}\n`);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
