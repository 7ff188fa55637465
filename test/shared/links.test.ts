import { describe, expect, it } from 'vitest';
import { findLinks, guessLinkKind, parseLink } from '../../src/shared/links';

describe('parseLink', () => {
  it('accepts http and https links and normalizes them', () => {
    expect(parseLink('  https://Video.Example/watch/abc  ')).toEqual({ ok: true, value: 'https://video.example/watch/abc' });
    expect(parseLink('http://music.example/t/1')).toEqual({ ok: true, value: 'http://music.example/t/1' });
  });

  it.each([
    ['', 'Paste a link first.'],
    ['   ', 'Paste a link first.'],
    ['video.example/watch/abc', 'not a link'],
    ['javascript:alert(1)', 'not javascript: links'],
    ['file:///etc/passwd', 'not file: links'],
    ['data:text/html,hi', 'not data: links'],
    ['ftp://x.example/a', 'not ftp: links'],
    ['https://a.example/x https://b.example/y', 'more than one link'],
    ['https://a.example/\u0000x', 'control characters'],
    ['https://a.example/\u202ex', 'invisible'],
    ['https://user:pw@a.example/x', 'user name or password'],
    [`https://a.example/${'x'.repeat(5000)}`, 'too long'],
  ])('refuses %j with a clear message', (input, message) => {
    const result = parseLink(input);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('invalid_link');
      expect(result.error.message).toContain(message);
    }
  });
});

describe('findLinks', () => {
  it('finds every link in a pasted block once, without trailing punctuation', () => {
    const text = 'see https://video.example/watch/a, and (https://photos.example/p/b).\nhttps://video.example/watch/a';
    expect(findLinks(text)).toEqual(['https://video.example/watch/a', 'https://photos.example/p/b']);
  });
});

describe('guessLinkKind', () => {
  it.each([
    ['https://video.example/watch/abc', 'post'],
    ['https://photos.example/p/abc', 'post'],
    ['https://video.example/@creator', 'playlist'],
    ['https://video.example/@creator-120', 'playlist'],
    ['https://video.example/playlist/mix-30', 'playlist'],
    ['https://site.example/channel/xyz', 'playlist'],
    ['https://site.example/tag/cats/', 'playlist'],
    ['https://site.example/page?list=PL1', 'playlist'],
    ['https://site.example/watch?v=1&list=PL1', 'post'],
  ])('%s is a %s', (link, kind) => {
    expect(guessLinkKind(link)).toBe(kind);
  });
});
