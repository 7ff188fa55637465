import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignatureCheck = { ok: true; guarded: boolean } | { ok: false; reason: 'bad_signature' | 'expired' };

/**
 * Media URLs are signed and expire, like a CDN's: `/media/<path>?exp=<ms>[&g=1]&sig=<hmac>`.
 * The HMAC covers the path, the expiry and the guard flag (g=1: the media host demands the
 * media item's `headers`), so none of them can be edited without detection.
 */
export class UrlSigner {
  constructor(
    private readonly secret: Buffer,
    private readonly baseUrl: string,
    private readonly ttlMs: number,
    private readonly now: () => number,
  ) {}

  /** `path` is already URL-encoded, relative to /media/. */
  sign(path: string, guarded = false): string {
    const exp = this.now() + this.ttlMs;
    const guard = guarded ? '&g=1' : '';
    return `${this.baseUrl}/media/${path}?exp=${exp}${guard}&sig=${this.mac(path, exp, guarded)}`;
  }

  verify(path: string, query: URLSearchParams): SignatureCheck {
    const exp = Number(query.get('exp'));
    const guarded = query.get('g') === '1';
    const given = Buffer.from(query.get('sig') ?? '');
    const expected = Buffer.from(this.mac(path, exp, guarded));
    if (!Number.isSafeInteger(exp) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { ok: false, reason: 'bad_signature' };
    }
    if (this.now() > exp) return { ok: false, reason: 'expired' };
    return { ok: true, guarded };
  }

  private mac(path: string, exp: number, guarded: boolean): string {
    return createHmac('sha256', this.secret).update(`media:${path}\n${exp}\n${guarded ? 1 : 0}`).digest('base64url');
  }
}
