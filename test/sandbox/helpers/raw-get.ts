import { get } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** false when the connection ended before the declared body was complete. */
  complete: boolean;
}

/**
 * A GET over node:http that reports exactly how many body bytes arrived and whether the
 * body completed, even when the connection is reset or cut short (fetch would only throw).
 */
export function rawGet(url: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let responded = false;
    const req = get(url, { headers, agent: false, signal }, (res) => {
      responded = true;
      const chunks: Buffer[] = [];
      const done = (): void =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), complete: res.complete });
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', done);
      res.on('error', done);
      res.on('close', done);
    });
    // Once the response has begun, its own events tell how it ended.
    req.on('error', (error) => {
      if (!responded) reject(error);
    });
  });
}
