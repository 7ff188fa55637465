/** Larger answers than this break the spec (a post or a page is kilobytes) and are refused. */
export const MAX_BODY_BYTES = 20 * 1024 * 1024;

export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true; bytes: number };

/** Reads a response body as UTF-8 text, stopping (and cancelling the stream) past `maxBytes`. */
export async function readBody(response: Response, maxBytes: number): Promise<BodyRead> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxBytes) {
    await response.body?.cancel();
    return { ok: false, tooLarge: true, bytes: declared };
  }
  if (response.body === null) return { ok: true, text: '' };
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return { ok: false, tooLarge: true, bytes: total };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
