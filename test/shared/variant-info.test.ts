import { describe, expect, it } from 'vitest';
import { isSplitStream, qualityLabel } from '../../src/shared/variant-info';

describe('isSplitStream', () => {
  it('is true only with both a video and an audio URL', () => {
    expect(isSplitStream({ video_url: 'https://m/v', audio_url: 'https://m/a' })).toBe(true);
    expect(isSplitStream({ video_url: 'https://m/v' })).toBe(false);
    expect(isSplitStream({ audio_url: 'https://m/a' })).toBe(false);
    expect(isSplitStream({})).toBe(false);
  });
});

describe('qualityLabel', () => {
  it('is Original for 9999 and the given label otherwise', () => {
    expect(qualityLabel({ quality: 9999, quality_label: 'Source' })).toBe('Original');
    expect(qualityLabel({ quality: 2160, quality_label: '4K' })).toBe('4K');
    expect(qualityLabel({ quality: 720, quality_label: '720p60' })).toBe('720p60');
  });
});
