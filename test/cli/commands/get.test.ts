import { describe, expect, it } from 'vitest';
import { jobRequest } from '../../../src/cli/commands/get';

describe('jobRequest', () => {
  const options = { quality: 720 as const, folder: '/out' };

  it('adds a post link, forced when asked', () => {
    const invocation = { command: 'get' as const, urls: ['https://video.example/watch/a'], playlist: false, force: true, wait: true, options };
    expect(jobRequest(invocation, 'https://video.example/watch/a')).toEqual({
      source: { kind: 'link', url: 'https://video.example/watch/a', force: true },
      options,
    });
  });

  it('adds a whole profile or playlist with its limit', () => {
    const invocation = { command: 'get' as const, urls: ['https://video.example/@me'], playlist: true, limit: 3, force: false, wait: true, options };
    expect(jobRequest(invocation, 'https://video.example/@me')).toEqual({
      source: { kind: 'playlist', url: 'https://video.example/@me', limit: 3 },
      options,
    });
  });

  it('adds a sync of a profile with its cost cap', () => {
    const invocation = { command: 'get' as const, urls: ['https://video.example/@me'], playlist: true, sync: true, maxCredits: 25, force: false, wait: true, options };
    expect(jobRequest(invocation, 'https://video.example/@me')).toEqual({
      source: { kind: 'playlist', url: 'https://video.example/@me', sync: true, maxCredits: 25 },
      options,
    });
  });
});
