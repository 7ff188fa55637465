import path from 'node:path';
import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { resolveInside } from '../files';
import { downloadError, type DownloadError } from './download-error';
import { isHttpUrl } from './http-get';
import type { DownloadProgress } from './progress-meter';

export interface DownloadRequest {
  url: string;
  /** The media item's `headers`, sent unchanged on every request for it. */
  headers?: Record<string, string>;
  directory: string;
  /** The final name, already sanitized; the file may end up as `name (1).ext`. */
  fileName: string;
  /** From the service (e.g. video_filesize): a progress total before the server says. */
  expectedSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
}

const requestDataSchema = z.object({
  url: z.string().min(1),
  headers: z.record(z.string(), z.string()).optional(),
  directory: z.string().min(1),
  fileName: z.string().min(1),
  expectedSize: z.number().int().nonnegative().optional(),
});

export interface CheckedRequest {
  url: URL;
  /** Media headers without the ones the transfer itself must control. */
  headers: Record<string, string>;
  /** Absolute, so one part file has one name however the caller spelled the folder. */
  directory: string;
  fileName: string;
}

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// Header values may not smuggle a second header or request.
const FORBIDDEN_IN_VALUE = /[\r\n\0]/;
// Ranges, validators and framing are the downloader's job; a media item cannot override them.
const CONTROLLED = new Set(['range', 'if-range', 'accept-encoding', 'host', 'connection', 'content-length', 'transfer-encoding', 'te', 'upgrade', 'expect', 'keep-alive']);

const invalid = (code: DownloadError['code'], message: string): Result<never, DownloadError> => ({ ok: false, error: downloadError(code, message) });

/** Refuses what must never reach the network or the disk; says exactly why. */
export function checkRequest(request: DownloadRequest): Result<CheckedRequest, DownloadError> {
  const parsed = requestDataSchema.safeParse(request);
  if (!parsed.success) return invalid('bad_media_url', `The download request is incomplete: ${z.prettifyError(parsed.error)}`);
  const data = parsed.data;
  const url = URL.canParse(data.url) ? new URL(data.url) : undefined;
  if (url === undefined) return invalid('bad_media_url', `Not a valid URL: ${data.url.slice(0, 200)}`);
  if (!isHttpUrl(url)) return invalid('bad_media_url', `Only http and https links can be downloaded, not ${url.protocol}`);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(data.headers ?? {})) {
    if (!TOKEN.test(name)) return invalid('invalid_header', `The header name ${JSON.stringify(name.slice(0, 100))} is not valid.`);
    if (FORBIDDEN_IN_VALUE.test(value)) return invalid('invalid_header', `The value of header ${name} contains a line break or NUL.`);
    if (!CONTROLLED.has(name.toLowerCase())) headers[name] = value;
  }
  const inside = resolveInside(data.directory, data.fileName);
  if (!inside.ok) return invalid('invalid_file_name', inside.error.message);
  return { ok: true, value: { url, headers, directory: path.resolve(data.directory), fileName: data.fileName } };
}
