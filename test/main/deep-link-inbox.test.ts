import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeepLinkInbox } from '../../src/main/deep-link-inbox';
import { grabDeepLink } from '../../src/shared/deep-link';

let delivered: string[];
let logged: string[];
beforeEach(() => {
  vi.useFakeTimers();
  delivered = [];
  logged = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const inbox = () => createDeepLinkInbox({ intervalMs: 1000, deliver: (url) => delivered.push(url), log: (line) => logged.push(line), now: () => Date.now() });
const link = (n: number) => grabDeepLink(`https://video.example/watch/v${n}`);

describe('the deep-link inbox', () => {
  it('keeps a link that came before the window for its first page, then delivers the next ones', () => {
    const box = inbox();
    box.take(link(1));
    expect(delivered).toEqual([]);
    expect(box.open()).toBe('https://video.example/watch/v1');
    vi.advanceTimersByTime(1000);
    box.take(link(2));
    expect(delivered).toEqual(['https://video.example/watch/v2']);
  });

  it('a flood of 1,000 links makes at most one delivery a second, the latest link last', () => {
    const box = inbox();
    expect(box.open()).toBeUndefined();
    for (let n = 0; n < 1000; n++) {
      box.take(link(n));
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(1000);
    // 2 s of flood: the first at once, one a second after, and the last one.
    expect(delivered.length).toBeLessThanOrEqual(3);
    expect(delivered.at(-1)).toBe('https://video.example/watch/v999');
  });

  it('drops a hostile link with its reason in the log, not the link', () => {
    const box = inbox();
    box.open();
    const hostile = 'trove://grab?url=javascript%3Aalert(document.cookie)';
    box.take(hostile);
    vi.advanceTimersByTime(5000);
    expect(delivered).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('ignored a trove:// link');
    expect(logged[0]).not.toContain('document.cookie');
  });
});
