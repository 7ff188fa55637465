import { describe, expect, it } from 'vitest';
import type { Variant } from '../../src/shared/post';
import { chooseAudioTrack, recommendedVariant } from '../../src/shared/variant-choice';

const variant = (quality: number, extra: Partial<Variant> = {}): Variant => ({
  quality,
  quality_label: quality === 9999 ? 'Original' : `${quality}p`,
  ...extra,
});

describe('recommendedVariant', () => {
  const v360 = variant(360);
  const v720 = variant(720, { is_default: true });
  const v1080 = variant(1080);
  const media = { variants: [v360, v720, v1080] };

  it('takes the is_default variant without a preference, and for "recommended"', () => {
    expect(recommendedVariant(media)).toBe(v720);
    expect(recommendedVariant(media, 'recommended')).toBe(v720);
  });

  it('"best" takes the highest quality offered, not the service\'s pick, the original ranking highest', () => {
    expect(recommendedVariant(media, 'best')).toBe(v1080);
    const original = variant(9999);
    expect(recommendedVariant({ variants: [v720, original, v1080] }, 'best')).toBe(original);
  });

  it('takes the highest quality when none is marked default, the original ranking highest', () => {
    expect(recommendedVariant({ variants: [v360, v1080, variant(480)] })).toBe(v1080);
    const original = variant(9999);
    expect(recommendedVariant({ variants: [v1080, original, v360] })).toBe(original);
  });

  it('honours a height cap, and falls back to the lowest when nothing fits', () => {
    expect(recommendedVariant(media, 1080)).toBe(v1080);
    expect(recommendedVariant(media, 719)).toBe(v360);
    expect(recommendedVariant(media, 144)).toBe(v360);
  });

  it('never counts the original (unknown height) under a cap', () => {
    const original = variant(9999);
    expect(recommendedVariant({ variants: [original, v720] }, 2160)).toBe(v720);
    expect(recommendedVariant({ variants: [original, v720] }, 8640)).toBe(v720);
  });

  it('"original" takes quality 9999 when offered, else the highest', () => {
    const original = variant(9999);
    expect(recommendedVariant({ variants: [v720, original] }, 'original')).toBe(original);
    expect(recommendedVariant(media, 'original')).toBe(v1080);
  });

  it('is undefined without variants', () => {
    expect(recommendedVariant({})).toBeUndefined();
    expect(recommendedVariant({ variants: [] }, 'original')).toBeUndefined();
  });

  it('does not reorder the media variants', () => {
    recommendedVariant(media);
    expect(media.variants).toEqual([v360, v720, v1080]);
  });
});

describe('chooseAudioTrack', () => {
  const english = variant(0, { language_tag: 'en-US', language_name: 'English' });
  const german = variant(0, { language_tag: 'de', language_name: 'Deutsch', is_default: true });
  const brazilian = variant(0, { language_tag: 'pt-BR', language_name: 'Português' });
  const tracks = [english, german, brazilian];

  it('matches the exact tag, case-insensitively', () => {
    expect(chooseAudioTrack(tracks, ['PT-br'])).toBe(brazilian);
  });

  it('matches by primary language in both directions', () => {
    expect(chooseAudioTrack(tracks, ['en'])).toBe(english);
    expect(chooseAudioTrack(tracks, ['de-AT'])).toBe(german);
    expect(chooseAudioTrack(tracks, ['pt-PT'])).toBe(brazilian);
  });

  it('goes through the preferences in order', () => {
    expect(chooseAudioTrack(tracks, ['fr', 'pt', 'en'])).toBe(brazilian);
  });

  it('prefers an exact match of a preference over a primary-language match of it', () => {
    const british = variant(0, { language_tag: 'en-GB' });
    expect(chooseAudioTrack([english, british], ['en-GB'])).toBe(british);
  });

  it('falls back to the default track, then the first', () => {
    expect(chooseAudioTrack(tracks, ['ja'])).toBe(german);
    expect(chooseAudioTrack(tracks, [])).toBe(german);
    expect(chooseAudioTrack([english, brazilian], ['ja'])).toBe(english);
    expect(chooseAudioTrack([], ['en'])).toBeUndefined();
  });
});
