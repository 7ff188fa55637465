import { describe, expect, it } from 'vitest';
import { subtitleFileName } from '../../../src/core/subtitles';

/*
 * The language tag comes from the service and had no length limit: beside a video with
 * a long (already capped) name, a long tag made a subtitle name past the 255 bytes file
 * systems allow, with the temp-file suffixes on top (found by
 * test/reliability/hostile-names). Tags are capped at BCP 47's 35 characters and the
 * name at 200 bytes, shortening the video's part.
 */

describe('subtitleFileName length', () => {
  it('caps a long language tag and keeps the name within 200 bytes', () => {
    const name = subtitleFileName(`${'x'.repeat(200)}.mp4`, 'a'.repeat(300), 'json3');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name).toMatch(/^x+\.a{35}\.json3$/u);
  });

  it('shortens a multi-byte video name on a whole character', () => {
    const name = subtitleFileName(`${'日本'.repeat(40)}.mp4`, 'ja-JP', 'srt');
    expect(Buffer.byteLength(name)).toBeLessThanOrEqual(200);
    expect(name).toMatch(/^(?:日本)+日?\.ja-JP\.srt$/u);
  });

  it('leaves ordinary names alone', () => {
    expect(subtitleFileName('Trip.mp4', 'en-US', 'srt')).toBe('Trip.en-US.srt');
  });
});
