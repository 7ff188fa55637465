import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

const payloadSchema = z.object({ u: z.string(), o: z.number().int().positive() });

/**
 * Playlist cursors: opaque to clients, tamper-evident for the sandbox. A cursor is the
 * base64url JSON {u: playlist URL, o: offset} plus an HMAC of it, so an edited, forged or
 * foreign (other playlist) cursor is detected and answered with invalid_playlist_url.
 */
export class CursorCodec {
  constructor(private readonly secret: Buffer) {}

  encode(url: string, offset: number): string {
    const payload = Buffer.from(JSON.stringify({ u: url, o: offset })).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The offset the cursor points at, or undefined when it is not one of ours for `url`. */
  decode(cursor: string, url: string): number | undefined {
    const [payload = '', signature = '', ...rest] = cursor.split('.');
    if (rest.length > 0) return undefined;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return parsed.success && parsed.data.u === url ? parsed.data.o : undefined;
    } catch {
      return undefined;
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`cursor:${payload}`).digest('base64url');
  }
}
