import { describe, expect, it } from 'vitest';
import { iso639Language, sanitizeLanguageTag, subtitleFileName } from '../../../src/core/subtitles';

describe('subtitleFileName', () => {
  it('puts the language tag between the video base name and the extension', () => {
    expect(subtitleFileName('Trip to Rome.mp4', 'en', 'srt')).toBe('Trip to Rome.en.srt');
    expect(subtitleFileName('/videos/clip.final.webm', 'pt-BR', '.vtt')).toBe('clip.final.pt-BR.vtt');
    expect(subtitleFileName('no-extension', 'zh-Hans', 'JSON3')).toBe('no-extension.zh-Hans.json3');
  });

  it('reduces language tags to BCP 47 characters', () => {
    expect(sanitizeLanguageTag('en_US')).toBe('en-US');
    expect(sanitizeLanguageTag(' es-419 ')).toBe('es-419');
    expect(sanitizeLanguageTag('../../etc/passwd')).toBe('etcpasswd');
    expect(sanitizeLanguageTag('a--b-')).toBe('a-b');
    expect(sanitizeLanguageTag('日本語')).toBe('und');
    expect(subtitleFileName('v.mkv', 'en/../x', 'srt')).toBe('v.enx.srt');
  });
});

describe('iso639Language', () => {
  it.each([
    ['en', 'eng'], ['en-US', 'eng'], ['es-419', 'spa'], ['de', 'ger'], ['fr-CA', 'fre'], ['ja', 'jpn'],
    ['zh-Hans', 'chi'], ['ko', 'kor'], ['pt_BR', 'por'], ['it', 'ita'], ['ru', 'rus'], ['ar', 'ara'],
    ['hi', 'hin'], ['fil', 'fil'], ['EN', 'eng'], ['xx', 'und'], ['', 'und'],
  ])('maps %s to %s', (tag, code) => {
    expect(iso639Language(tag)).toBe(code);
  });
});
