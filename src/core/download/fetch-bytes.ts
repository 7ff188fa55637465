import type { ErrorInfo, Result } from '../../shared/errors';
import { failWith as fail } from '../../shared/errors';
import type { MediaHeaders } from '../../shared/post';
import { isHttpUrl } from './http-get';

export interface FetchBytesOptions {
  headers?: MediaHeaders;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * A small file (a thumbnail, a subtitle track) into memory: http(s) only, header values
 * without CR/LF, a size cap enforced while reading, and a time-out. Large media go
 * through downloadFile instead.
 */
export async function fetchBytes(url: string, options: FetchBytesOptions = {}): Promise<Result<Uint8Array, ErrorInfo>> {
  const { maxBytes = 20 * 1024 * 1024, timeoutMs = 30_000 } = options;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail('bad_media_url', 'The service sent a link that is not a URL.');
  }
  if (!isHttpUrl(parsed)) return fail('bad_media_url', `Only http and https links are fetched, not ${parsed.protocol}`);
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (/[\r\n\0]/u.test(name) || /[\r\n\0]/u.test(value)) return fail('invalid_header', `The header ${JSON.stringify(name)} contains a line break.`);
  }
  const signals = [AbortSignal.timeout(timeoutMs), ...(options.signal ? [options.signal] : [])];
  try {
    const response = await (options.fetch ?? fetch)(parsed, { headers: options.headers ?? {}, signal: AbortSignal.any(signals), redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel();
      const expired = response.status === 403 || response.status === 410;
      return fail(expired ? 'expired' : 'http_error', `The server answered ${response.status} for ${parsed.host}.`, response.status >= 500);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      return fail('too_large', `The file is ${declared} bytes; at most ${maxBytes} are accepted here.`);
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for await (const chunk of response.body ?? []) {
      size += chunk.byteLength;
      if (size > maxBytes) return fail('too_large', `The file is larger than ${maxBytes} bytes.`);
      chunks.push(chunk);
    }
    return { ok: true, value: Buffer.concat(chunks) };
  } catch (error) {
    if (options.signal?.aborted) return fail('canceled', 'Canceled.');
    const message = error instanceof Error ? error.message : String(error);
    return fail('network', `Could not fetch from ${parsed.host}: ${message}`);
  }
}
