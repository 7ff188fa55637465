import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultSpec } from '../types';
import type { StatsRecorder } from '../stats';
import type { FaultRegistry } from './faults';
import { GUARD_HEADERS } from './guard';
import type { MediaLibrary } from './library';
import { parseByteRange, type ByteRange } from '../../shared/byte-range';
import { sendBody, type BodyCut } from './send-body';
import type { UrlSigner } from './signing';

export interface MediaDeps {
  signer: UrlSigner;
  faults: FaultRegistry;
  library: MediaLibrary;
  stats: StatsRecorder;
  throttleBytesPerSecond: number;
}

const deny = (res: ServerResponse, status: number, code: string, message: string): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ message, code }));
};

const guardSatisfied = (req: IncomingMessage): boolean =>
  Object.entries(GUARD_HEADERS).every(([name, value]) => req.headers[name.toLowerCase()] === value);

/** Serves a signed media URL: 403 when unsigned, expired or unguarded, then Range/ETag/throttle/faults. */
export async function serveMedia(req: IncomingMessage, res: ServerResponse, url: URL, deps: MediaDeps): Promise<void> {
  deps.stats.mediaRequest();
  if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, 405, 'method_not_allowed', 'Media answers GET and HEAD only.');
  const path = url.pathname.slice('/media/'.length);
  const check = deps.signer.verify(path, url.searchParams);
  if (!check.ok) {
    const why = check.reason === 'expired' ? 'This media URL has expired.' : 'This media URL is not validly signed.';
    return deny(res, 403, check.reason, why);
  }
  if (check.guarded && !guardSatisfied(req)) {
    return deny(res, 403, 'missing_headers', 'This media requires the headers given with its media item.');
  }
  if (!deps.library.body(path, 0)) return deny(res, 404, 'not_found', 'No such media.');
  const fault = deps.faults.take(path);
  if (fault?.kind === 'status') return deny(res, fault.status, 'injected_fault', `Injected fault: HTTP ${fault.status}.`);
  const body = deps.library.body(path, deps.faults.generation(path));
  if (!body) return deny(res, 404, 'not_found', 'No such media.');

  const headers: Record<string, string | number> = {
    'content-type': body.contentType,
    'accept-ranges': 'bytes',
    etag: body.etag,
    'cache-control': 'private, max-age=0',
  };
  if (fault?.kind === 'truncate') headers.connection = 'close';
  if (req.headers['if-none-match'] === body.etag && !req.headers.range) {
    res.writeHead(304, headers);
    return void res.end();
  }
  const range = chooseRange(req, body.size, body.etag, fault);
  if (range.kind === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${body.size}`, 'content-length': 0 });
    return void res.end();
  }
  const [start, end] = range.kind === 'partial' ? [range.start, range.end + 1] : [0, body.size];
  if (range.kind === 'partial') headers['content-range'] = `bytes ${start}-${end - 1}/${body.size}`;
  headers['content-length'] = end - start;
  res.writeHead(range.kind === 'partial' ? 206 : 200, headers);
  if (req.method === 'HEAD') return void res.end();
  await sendBody(res, body.chunks(start, end), { bytesPerSecond: deps.throttleBytesPerSecond, cut: cutOf(fault) });
}

/** If-Range with a stale validator, or the ignore-range fault, turns a range request into a full 200. */
function chooseRange(req: IncomingMessage, size: number, etag: string, fault: FaultSpec | undefined): ByteRange {
  const ifRange = req.headers['if-range'];
  if (fault?.kind === 'ignore-range' || (ifRange !== undefined && ifRange !== etag)) return { kind: 'full' };
  return parseByteRange(req.headers.range, size);
}

function cutOf(fault: FaultSpec | undefined): BodyCut | undefined {
  if (fault?.kind === 'reset' || fault?.kind === 'stall' || fault?.kind === 'truncate') {
    return { bytes: fault.afterBytes, then: fault.kind };
  }
  return undefined;
}
