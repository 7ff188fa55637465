import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CursorCodec } from '../../src/sandbox/cursor';

describe('CursorCodec', () => {
  const codec = new CursorCodec(randomBytes(32));
  const url = 'https://video.example/@a';

  it('round-trips the offset for the playlist it was made for', () => {
    expect(codec.decode(codec.encode(url, 20), url)).toBe(20);
  });

  it('refuses cursors of another playlist, of another sandbox, or edited', () => {
    const cursor = codec.encode(url, 20);
    expect(codec.decode(cursor, 'https://video.example/@b')).toBeUndefined();
    expect(new CursorCodec(randomBytes(32)).decode(cursor, url)).toBeUndefined();
    const [, signature] = cursor.split('.');
    const edited = `${Buffer.from(JSON.stringify({ u: url, o: 40 })).toString('base64url')}.${signature}`;
    expect(codec.decode(edited, url)).toBeUndefined();
    expect(codec.decode(`${cursor}.x`, url)).toBeUndefined();
    expect(codec.decode('', url)).toBeUndefined();
  });
});
