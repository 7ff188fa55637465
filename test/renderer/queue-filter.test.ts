import { describe, expect, it } from 'vitest';
import type { JobState, JobView } from '../../src/shared/jobs';
import { formatBytes, formatCount, formatDuration, formatSpeed } from '../../src/renderer/src/format/format';
import { MAX_LINKS, firstLinks, parseLinks, readLinks } from '../../src/renderer/src/grab/parse-links';
import { countByFilter, jobActions, matchesFilter } from '../../src/renderer/src/queue/queue-filter';

const job = (state: JobState): JobView => ({
  id: 1,
  kind: 'post',
  url: 'u',
  state,
  position: 1,
  title: 't',
  progress: { bytes: 0, speed: 0 },
  attempts: 0,
  files: [],
  createdAt: 0,
  updatedAt: 0,
});

describe('queue filters', () => {
  it('groups running and waiting jobs as active', () => {
    const jobs = (['queued', 'extracting', 'downloading', 'processing', 'paused', 'done', 'failed', 'canceled'] as const).map(job);
    expect(countByFilter(jobs)).toEqual({ all: 8, active: 4, paused: 1, done: 1, failed: 1, canceled: 1 });
    expect(matchesFilter(job('processing'), 'active')).toBe(true);
    expect(matchesFilter(job('paused'), 'active')).toBe(false);
  });

  it('offers the actions each state allows', () => {
    expect(jobActions('downloading')).toEqual({ pause: true, resume: false, cancel: true, retry: false });
    expect(jobActions('paused')).toEqual({ pause: false, resume: true, cancel: true, retry: false });
    expect(jobActions('failed')).toEqual({ pause: false, resume: false, cancel: true, retry: true });
    expect(jobActions('done')).toEqual({ pause: false, resume: false, cancel: false, retry: false });
  });
});

describe('parseLinks', () => {
  it('finds every http(s) link in pasted text or a uri-list, once', () => {
    const text = '# dropped\nhttps://video.example/watch/a\r\nhttps://video.example/@ana  ftp://x.example/f not-a-link https://video.example/watch/a';
    expect(parseLinks(text)).toEqual(['https://video.example/watch/a', 'https://video.example/@ana']);
    expect(parseLinks('javascript:alert(1) file:///etc/passwd')).toEqual([]);
  });

  it('previews at most MAX_LINKS at once and hands back the others instead of dropping them', () => {
    const all = Array.from({ length: MAX_LINKS + 7 }, (_unused, index) => `https://video.example/watch/n${index}`);
    const { links, rest } = firstLinks(all.join('\n'));
    expect(links).toEqual(all.slice(0, MAX_LINKS));
    expect(rest).toEqual(all.slice(MAX_LINKS));
    expect(firstLinks(all.slice(0, 3).join(' '))).toEqual({ links: all.slice(0, 3), rest: [], ignored: [] });
  });

  it('completes an address typed without https:// and names the text that is no link instead of dropping it', () => {
    expect(readLinks('video.example/watch/a www.photos.example/p/b?x=1 https://video.example/watch/a')).toEqual({
      links: ['https://video.example/watch/a', 'https://www.photos.example/p/b?x=1'],
      ignored: [],
    });
    expect(firstLinks('look at this https://video.example/watch/c please')).toEqual({
      links: ['https://video.example/watch/c'],
      rest: [],
      ignored: ['look', 'at', 'this', 'please'],
    });
    expect(readLinks('javascript:alert(1) ftp://x.example/f').links).toEqual([]);
  });
});

describe('formatting', () => {
  it('formats sizes, speeds, durations and counts per locale', () => {
    expect(formatBytes(512, 'en')).toBe('512B');
    expect(formatBytes(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatBytes(1_234_567, 'de')).toBe('1,2 MB');
    expect(formatSpeed(2_500_000, 'en')).toBe('2.5 MB/s');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(1_250_000, 'en')).toBe('1.3M');
  });
});
