import type { IncomingMessage } from 'node:http';
import type { BandwidthLimiter } from './bandwidth-limiter';
import { coveredBytes, missingRanges, splitRanges, type ByteRange } from './byte-ranges';
import { parseContentRange } from './content-range';
import { DownloadFailure, fail, statusError } from './download-error';
import type { DownloadSettings } from './download-settings';
import { openGet } from './http-get';
import type { PartFile } from './part-file';
import type { ProgressMeter } from './progress-meter';
import { receiveBody } from './receive-body';
import { ifRangeValue, sameVersion, validatorOf } from './validator';
import type { WriteBudget } from './write-budget';

export interface TransferContext {
  url: URL;
  headers: Record<string, string>;
  part: PartFile;
  settings: DownloadSettings;
  bandwidth: BandwidthLimiter | undefined;
  budget: WriteBudget;
  meter: ProgressMeter;
  signal: AbortSignal;
}

// Pieces smaller than this are not worth a connection of their own.
const MIN_PIECE_BYTES = 256 * 1024;

const contentLength = (response: IncomingMessage): number | undefined => {
  const value = Number(response.headers['content-length']);
  return response.headers['content-length'] !== undefined && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
};

/**
 * One attempt: fetches every missing range of the part, or throws a DownloadFailure.
 * The first request asks for `bytes=<first missing>-` (with If-Range once a validator is
 * known). A 206 with the matching Content-Range proves range support and tells the size;
 * a large file is then split over several connections, the first one already streaming.
 * A 200 means the server ignored the range or the resource changed: its body is the new
 * whole file, from zero.
 */
export async function runTransfer(context: TransferContext): Promise<void> {
  const { part } = context;
  const known = part.control.total;
  const first = missingRanges(part.done, known ?? Number.MAX_SAFE_INTEGER)[0]?.[0];
  if (first === undefined) return;
  const attempt = new AbortController();
  const signal = AbortSignal.any([context.signal, attempt.signal]);
  const host = context.url.host;
  const { response } = await request(context, signal, first, undefined);
  const status = response.statusCode ?? 0;

  if (status === 200) return receiveWhole(context, response, signal);
  if (status === 416) {
    response.destroy();
    const range = parseContentRange(response.headers['content-range']);
    // A body of unknown length that had in fact fully arrived before the interruption.
    if (known === null && range?.kind === 'unsatisfied' && range.total === first) return part.endsAt(first);
    throw fail('changed', `The media at ${host} is shorter than the part already downloaded; starting again.`);
  }
  if (status !== 206) {
    response.destroy();
    throw new DownloadFailure(statusError(status, host));
  }
  const range = checkPartial(context, response, first, undefined);
  const resuming = part.covered > 0;
  if (resuming && (!sameVersion(part.validator, validatorOf(response.headers)) || (known !== null && known !== range.total))) {
    response.destroy();
    throw fail('changed', `The media at ${host} changed since the download began; starting again.`);
  }
  if (!resuming) part.setValidator(validatorOf(response.headers));
  if (known !== range.total) await part.setTotal(range.total);

  const missing = missingRanges(part.done, range.total);
  const { connections, segmentThresholdBytes } = context.settings;
  const segmented = connections > 1 && range.total >= segmentThresholdBytes && coveredBytes(missing) >= 2 * MIN_PIECE_BYTES;
  const pieces = segmented ? splitRanges(missing, connections, MIN_PIECE_BYTES) : missing;
  const [head, ...queue] = pieces;
  if (head === undefined) return void response.destroy();

  const failures: unknown[] = [];
  const worker = async (opened?: { piece: ByteRange; response: IncomingMessage; end: number }): Promise<void> => {
    try {
      if (opened) await fetchPiece(context, signal, opened.piece, range.total, opened);
      for (let piece = queue.shift(); piece !== undefined; piece = queue.shift()) await fetchPiece(context, signal, piece, range.total);
    } catch (error) {
      failures.push(error);
      attempt.abort();
    }
  };
  const extra = segmented ? Math.min(connections - 1, queue.length) : 0;
  await Promise.all([worker({ piece: head, response, end: range.end }), ...Array.from({ length: extra }, () => worker())]);
  // The first failure is the cause; the others were stopped because of it.
  if (failures.length > 0) throw failures[0];
}

async function request(context: TransferContext, signal: AbortSignal, start: number, end: number | undefined): Promise<{ response: IncomingMessage }> {
  const headers: Record<string, string> = {
    'user-agent': context.settings.userAgent,
    accept: '*/*',
    ...context.headers,
    // Compressed bodies have no stable byte offsets.
    'accept-encoding': 'identity',
    range: `bytes=${start}-${end === undefined ? '' : end - 1}`,
  };
  // Also on a first request, once a validator is known: parallel pieces must all be one version.
  const ifRange = ifRangeValue(context.part.validator);
  if (ifRange !== undefined) headers['if-range'] = ifRange;
  const { settings } = context;
  return openGet(context.url, { headers, signal, requestTimeoutMs: settings.requestTimeoutMs, maxRedirects: settings.maxRedirects });
}

/** A 206 is only usable with a Content-Range starting exactly where we asked, of a known total. */
function checkPartial(context: TransferContext, response: IncomingMessage, start: number, total: number | undefined): { end: number; total: number } {
  const range = parseContentRange(response.headers['content-range']);
  if (range?.kind !== 'range' || range.start !== start || range.total === undefined || (total !== undefined && range.total !== total)) {
    response.destroy();
    throw fail('changed', `${context.url.host} answered a range request with a mismatching Content-Range (${String(response.headers['content-range'])}); starting again.`);
  }
  return { end: range.end, total: range.total };
}

/** The whole resource in a 200: restart the part from zero with this version. */
async function receiveWhole(context: TransferContext, response: IncomingMessage, signal: AbortSignal): Promise<void> {
  const { part, meter } = context;
  const length = contentLength(response);
  await part.reset(validatorOf(response.headers));
  if (length !== undefined) await part.setTotal(length);
  meter.set(0, length);
  meter.flush();
  const received = await receive(context, response, signal, 0, length);
  if (length === undefined) part.endsAt(received);
  else if (received < length) throw fail('too_short', `${context.url.host} sent ${received} of ${length} bytes.`);
}

/**
 * Fetches [start, end) into the part, over as many responses as it takes: a server may
 * answer a range with less than asked (some CDNs cap ranges), and the rest is asked again.
 */
async function fetchPiece(
  context: TransferContext,
  signal: AbortSignal,
  piece: ByteRange,
  total: number,
  opened?: { response: IncomingMessage; end: number },
): Promise<void> {
  let [at] = piece;
  const end = piece[1];
  let current = opened;
  while (at < end) {
    if (current === undefined) {
      const { response } = await request(context, signal, at, end);
      const status = response.statusCode ?? 0;
      if (status !== 206) {
        response.destroy();
        if (status === 200 || status === 416) throw fail('changed', `${context.url.host} no longer serves the same version of the media; starting again.`);
        throw new DownloadFailure(statusError(status, context.url.host));
      }
      const range = checkPartial(context, response, at, total);
      if (!sameVersion(context.part.validator, validatorOf(response.headers))) {
        response.destroy();
        throw fail('changed', `The media at ${context.url.host} changed during the download; starting again.`);
      }
      current = { response, end: range.end };
    }
    const expected = Math.min(end, current.end) - at;
    const received = await receive(context, current.response, signal, at, expected);
    if (received < expected) throw fail('too_short', `${context.url.host} sent ${received} of ${expected} bytes.`);
    at += received;
    current = undefined;
  }
}

function receive(context: TransferContext, response: IncomingMessage, signal: AbortSignal, position: number, length: number | undefined): Promise<number> {
  const { part } = context;
  return receiveBody(
    response,
    { file: part.file, path: part.partPath, position, length },
    {
      signal,
      host: context.url.host,
      stallTimeoutMs: context.settings.stallTimeoutMs,
      bandwidth: context.bandwidth,
      budget: context.budget,
      onReceived: (bytes) => context.meter.add(bytes),
      onWritten: (start, end) => part.markWritten(start, end),
    },
  );
}
