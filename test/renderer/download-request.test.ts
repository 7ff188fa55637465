import { describe, expect, it } from 'vitest';
import { commandsInputCheck } from './contract-check';
import type { Post } from '../../src/shared/post';
import { commonOptions, postDownloadRequests, qualityPreference } from '../../src/renderer/src/grab/download-request';

const settings = { subtitleLanguages: ['en', 'de'], subtitleFormat: 'srt' as const, embedSubtitles: false };
const video = (qualities: number[]): Post['medias'][number] => ({
  media_type: 'video',
  resource_url: 'https://cdn.example/v.mp4',
  variants: qualities.map((quality) => ({ quality, quality_label: quality === 9999 ? 'Original' : `${quality}p` })),
});
const image: Post['medias'][number] = { media_type: 'image', resource_url: 'https://cdn.example/i.jpg' };

describe('postDownloadRequests', () => {
  it('makes one job for a post with one video, with the chosen quality', () => {
    const requests = postDownloadRequests('r1', { medias: [video([360, 720, 1080])] }, { quality: { 0: 1080 }, audioLanguage: {}, saveSubtitles: false, folder: '' }, settings);
    expect(requests).toEqual([{ source: { kind: 'resolved', resolutionId: 'r1' }, options: { quality: 1080 } }]);
    expect(requests.every(commandsInputCheck)).toBe(true);
  });

  it('splits media chosen differently into jobs by media index; images ride along', () => {
    const post = { medias: [video([720, 1080]), video([720, 1080]), image] };
    const requests = postDownloadRequests('r2', post, { quality: { 0: 1080, 1: 720 }, audioLanguage: {}, saveSubtitles: true, folder: ' /tmp/x ' }, settings);
    expect(requests).toEqual([
      {
        source: { kind: 'resolved', resolutionId: 'r2', mediaIndexes: [0, 2] },
        options: { quality: 1080, subtitles: { languages: ['en', 'de'], format: 'srt', embed: false }, folder: '/tmp/x' },
      },
      {
        source: { kind: 'resolved', resolutionId: 'r2', mediaIndexes: [1] },
        options: { quality: 720, subtitles: { languages: ['en', 'de'], format: 'srt', embed: false }, folder: '/tmp/x' },
      },
    ]);
    expect(requests.every(commandsInputCheck)).toBe(true);
  });

  it('passes the audio track and the original quality as the Core understands them', () => {
    const audio = { media_type: 'audio' as const, resource_url: 'https://cdn.example/a.m4a', variants: [] };
    const requests = postDownloadRequests('r3', { medias: [video([9999]), audio] }, { quality: { 0: 9999 }, audioLanguage: { 1: 'es' }, saveSubtitles: false, folder: '' }, settings);
    expect(requests.map((request) => request.options)).toEqual([{ quality: 'original' }, { audioLanguages: ['es'] }]);
    expect(requests.every(commandsInputCheck)).toBe(true);
  });

  it('downloads a post without choices (images only) as one job', () => {
    expect(postDownloadRequests('r4', { medias: [image, image] }, { quality: {}, audioLanguage: {}, saveSubtitles: false, folder: '' }, settings)).toEqual([
      { source: { kind: 'resolved', resolutionId: 'r4' }, options: {} },
    ]);
  });
});

describe('qualityPreference and commonOptions', () => {
  it('maps qualities outside the contract range to no preference', () => {
    expect(qualityPreference(9999)).toBe('original');
    expect(qualityPreference(1080)).toBe(1080);
    expect(qualityPreference(90)).toBeUndefined();
    expect(qualityPreference(undefined)).toBeUndefined();
  });

  it('adds subtitles only when asked and a folder only when given', () => {
    expect(commonOptions(settings, false, '  ')).toEqual({});
  });
});
