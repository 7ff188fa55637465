import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepLinkArgument, grabDeepLink, parseDeepLink } from '../../src/shared/deep-link';

describe('parseDeepLink', () => {
  it('reads trove://grab?url=<link>, as browsers and Windows pass it', () => {
    const link = 'https://video.example/watch/abc?t=10&list=x#frag';
    for (const raw of [grabDeepLink(link), `trove://grab/?url=${encodeURIComponent(link)}`, `TROVE://GRAB?url=${encodeURIComponent(link)}`]) {
      expect(parseDeepLink(raw)).toEqual({ ok: true, value: { kind: 'grab', url: link } });
    }
    // The link is normalized as a pasted one is.
    expect(parseDeepLink('trove://grab?url=https%3A%2F%2FVIDEO.example%2Fwatch%2Fabc')).toEqual({ ok: true, value: { kind: 'grab', url: 'https://video.example/watch/abc' } });
  });

  it('refuses every other shape with a reason', () => {
    for (const raw of [
      '',
      'trove:',
      'trove://',
      'trove:grab?url=https%3A%2F%2Fvideo.example%2Fx',
      'trove://grab',
      'trove://grab?url=',
      'trove://settings?url=https%3A%2F%2Fvideo.example%2Fx',
      'trove://grab/extra?url=https%3A%2F%2Fvideo.example%2Fx',
      'trove://grab?url=https%3A%2F%2Fvideo.example%2Fx#more',
      'trove://grab?url=https%3A%2F%2Fvideo.example%2Fx&url=https%3A%2F%2Fother.example%2Fy',
      'trove://grab?url=https%3A%2F%2Fvideo.example%2Fx&download=1',
      'trove://user:pass@grab?url=https%3A%2F%2Fvideo.example%2Fx',
      'trove://grab:99?url=https%3A%2F%2Fvideo.example%2Fx',
      'https://grab?url=https%3A%2F%2Fvideo.example%2Fx',
      'trove://grab?url=javascript%3Aalert(1)',
      'trove://grab?url=file%3A%2F%2F%2Fetc%2Fpasswd',
      'trove://grab?url=data%3Atext%2Fhtml%2C%3Cscript%3E',
      'trove://grab?url=https%3A%2F%2Fuser%3Apw%40video.example%2Fx',
      'trove://grab?url=https%3A%2F%2Fvideo.example%2F%E2%80%AEx',
      'trove://grab?url=https%3A%2F%2Fvideo.example%2Fa%20b',
      `trove://grab?url=${encodeURIComponent(`https://video.example/${'a'.repeat(5000)}`)}`,
      `trove://grab?url=${'%'.repeat(9000)}`,
    ]) {
      const parsed = parseDeepLink(raw);
      expect(parsed.ok, raw.slice(0, 80)).toBe(false);
      if (!parsed.ok) expect(parsed.error.code).toBe('invalid_link');
    }
  });

  it('fuzzed with 1,000 hostile inputs: never throws, and anything accepted is exactly one http(s) link to fill in', () => {
    const hostileLink = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.constantFrom('javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,<script>1</script>', 'vbscript:x', 'trove://grab?url=x', 'chrome://settings', 'ftp://a.example/'),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.string({ maxLength: 20 }).map((tail) => `https://video.example/${'%2F'.repeat(3000)}${tail}`),
    );
    const raw = fc.oneof(
      hostileLink.map((link) => grabDeepLink(link)),
      hostileLink.map((link) => `trove://grab?url=${link}`),
      fc.tuple(fc.constantFrom('trove', 'TROVE', 'trove+x', 'javascript', 'http'), fc.string({ maxLength: 30 }), hostileLink).map(([scheme, middle, link]) => `${scheme}:${middle}?url=${encodeURIComponent(link)}`),
      fc.string({ unit: 'binary', maxLength: 10_000 }).map((text) => `trove://grab?url=${text}`),
    );
    fc.assert(
      fc.property(raw, (input) => {
        const parsed = parseDeepLink(input);
        if (!parsed.ok) return parsed.error.code === 'invalid_link' && parsed.error.message.length > 0;
        const url = new URL(parsed.value.url);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && parsed.value.url.length <= 4096 && !/\s/.test(parsed.value.url);
      }),
      { numRuns: 1000, seed: 20261125 },
    );
  });
});

describe('deepLinkArgument', () => {
  it('finds the trove:// link among Chromium switches, the last one winning', () => {
    expect(deepLinkArgument(['/opt/Trove/trove', '--no-sandbox', 'trove://grab?url=a', 'trove://grab?url=b'])).toBe('trove://grab?url=b');
    expect(deepLinkArgument(['/opt/Trove/trove', '--allow-file-access-from-files'])).toBeUndefined();
  });
});
