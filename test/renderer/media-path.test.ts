import { describe, expect, it } from 'vitest';
import { encodeMediaPath } from '../../src/renderer/src/api/media-path';

describe('encodeMediaPath', () => {
  it('encodes each part of a path on its own, so names with spaces, %, #, ? and & survive', () => {
    expect(encodeMediaPath('/home/ana/Ana & Bo/100% real/clip #1?.mp4')).toBe('/home/ana/Ana%20%26%20Bo/100%25%20real/clip%20%231%3F.mp4');
  });

  it('writes Windows paths with the drive first and forward slashes', () => {
    expect(encodeMediaPath('C:\\Users\\ana\\a b.mp4')).toBe('/C%3A/Users/ana/a%20b.mp4');
  });
});
