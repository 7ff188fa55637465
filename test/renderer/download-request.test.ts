import { describe, expect, it } from 'vitest';
import { commandsInputCheck } from './contract-check';
import type { Post } from '../../src/shared/post';
import { commonOptions, initialChoices, listDownloadRequest, postDownloadRequest } from '../../src/renderer/src/grab/download-request';
import type { PostChoices } from '../../src/renderer/src/grab/download-request';

const settings = { subtitleLanguages: ['en', 'de'], subtitleFormat: 'srt' as const, embedSubtitles: false };
const video = (qualities: number[]): Post['medias'][number] => ({
  media_type: 'video',
  resource_url: 'https://cdn.example/v.mp4',
  variants: qualities.map((quality) => ({ quality, quality_label: quality === 9999 ? 'Original' : `${quality}p` })),
});
const image: Post['medias'][number] = { media_type: 'image', resource_url: 'https://cdn.example/i.jpg' };

const choices = (chosen: Partial<PostChoices>): PostChoices => ({ quality: {}, audioLanguage: {}, images: {}, saveSubtitles: false, folder: '', ...chosen });

describe('postDownloadRequest', () => {
  it('makes one job for a post with one video, naming the chosen variant by its place in the list', () => {
    const request = postDownloadRequest('r1', { medias: [video([360, 720, 1080])] }, choices({ quality: { 0: 1080 } }), settings);
    expect(request).toEqual({ source: { kind: 'resolved', resolutionId: 'r1', media: [{ index: 0, variant: 2 }] }, options: { subtitles: false } });
    expect(commandsInputCheck(request)).toBe(true);
  });

  it('keeps media chosen differently in one job, each item with its own variant; images ride along', () => {
    const post = { medias: [video([720, 1080]), video([720, 1080]), image] };
    const request = postDownloadRequest('r2', post, choices({ quality: { 0: 1080, 1: 720 }, saveSubtitles: true, folder: ' /tmp/x ' }), settings);
    expect(request).toEqual({
      source: { kind: 'resolved', resolutionId: 'r2', media: [{ index: 0, variant: 1 }, { index: 1, variant: 0 }, { index: 2 }] },
      options: { subtitles: { languages: ['en', 'de'], format: 'srt', embed: false }, folder: '/tmp/x' },
    });
    expect(commandsInputCheck(request)).toBe(true);
  });

  it('names the original and the audio track chosen as variants of their items', () => {
    const audio = {
      media_type: 'audio' as const,
      resource_url: 'https://cdn.example/a.m4a',
      variants: [
        { quality: 128, quality_label: 'English', language_tag: 'en' },
        { quality: 128, quality_label: 'Español', language_tag: 'es' },
      ],
    };
    const request = postDownloadRequest('r3', { medias: [video([720, 9999]), audio] }, choices({ quality: { 0: 9999 }, audioLanguage: { 1: 'es' } }), settings);
    expect(request.source).toEqual({ kind: 'resolved', resolutionId: 'r3', media: [{ index: 0, variant: 1 }, { index: 1, variant: 1 }] });
    expect(commandsInputCheck(request)).toBe(true);
  });

  it('takes only the images left checked on a photo post', () => {
    const request = postDownloadRequest('r4', { medias: [image, image, image] }, choices({ images: { 1: false } }), settings);
    expect(request).toEqual({ source: { kind: 'resolved', resolutionId: 'r4', media: [{ index: 0 }, { index: 2 }] }, options: { subtitles: false } });
    expect(commandsInputCheck(request)).toBe(true);
  });

  it('leaves nothing to send when every image is unchecked (the card disables Download)', () => {
    const request = postDownloadRequest('r5', { medias: [image, image] }, choices({ images: { 0: false, 1: false } }), settings);
    expect(commandsInputCheck(request)).toBe(false);
  });
});

describe('commonOptions', () => {
  it('says "no subtitles" outright when unticked (the settings must not add them back) and a folder only when given', () => {
    expect(commonOptions(settings, false, '  ')).toEqual({ subtitles: false });
    expect(commonOptions(settings, true, '')).toEqual({ subtitles: { languages: ['en', 'de'], format: 'srt', embed: false } });
  });
});

describe('a copy asked for on purpose', () => {
  it('marks the pick `again` only when the user confirmed a copy', () => {
    const post = { medias: [video([720, 1080])] };
    expect(postDownloadRequest('r6', post, choices({ quality: { 0: 720 } }), settings).source).not.toHaveProperty('again');
    const again = postDownloadRequest('r6', post, choices({ quality: { 0: 720 } }), settings, true);
    expect(again.source).toEqual({ kind: 'resolved', resolutionId: 'r6', media: [{ index: 0, variant: 0 }], again: true });
    expect(commandsInputCheck(again)).toBe(true);
  });
});

describe('initialChoices', () => {
  it('starts from the settings: their quality, their audio language, their subtitles', () => {
    const audio: Post['medias'][number] = {
      media_type: 'audio',
      resource_url: 'https://cdn.example/a.m4a',
      variants: [
        { quality: 128, quality_label: 'English', language_tag: 'en' },
        { quality: 128, quality_label: 'Deutsch', language_tag: 'de' },
      ],
    };
    const chosen = initialChoices({ medias: [video([360, 720, 1080]), audio, image] }, { preferredQuality: 'best', audioLanguages: ['de'], saveSubtitles: true });
    expect(chosen).toEqual({ quality: { 0: 1080 }, audioLanguage: { 1: 'de' }, images: {}, saveSubtitles: true, folder: '' });
  });
});

describe('listDownloadRequest', () => {
  it('makes one posts call for a list of links, each post with its own variant, subtitles and copy flag', () => {
    const request = listDownloadRequest(
      [
        { resolutionId: 'a', post: { medias: [video([720, 1080])] }, choices: choices({ quality: { 0: 1080 }, saveSubtitles: true }), again: false },
        { resolutionId: 'b', post: { medias: [image, image] }, choices: choices({}), again: true },
        { resolutionId: 'c', post: { medias: [] }, choices: choices({}), again: false },
      ],
      settings,
    );
    expect(request).toEqual({
      source: {
        kind: 'posts',
        picks: [
          { resolutionId: 'a', media: [{ index: 0, variant: 1 }], options: { subtitles: { languages: ['en', 'de'], format: 'srt', embed: false } } },
          { resolutionId: 'b', media: [{ index: 0 }, { index: 1 }], options: { subtitles: false }, again: true },
          { resolutionId: 'c', options: { subtitles: false } },
        ],
      },
      options: {},
    });
    expect(commandsInputCheck(request)).toBe(true);
  });
});
