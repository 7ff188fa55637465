import { describe, expect, it } from 'vitest';
import type { LibraryItem } from '../../src/shared/library';
import { LibraryPages } from '../../src/renderer/src/library/library-pages';
import type { FetchPage } from '../../src/renderer/src/library/library-pages';

const item = (id: number): LibraryItem => ({ id, caption: `Post ${id}`, addedAt: id, mediaTypes: ['video'], totalSize: 0, hasSubtitles: false });

/** A library of `total` posts answering page requests when the test says so, in any order. */
function library(total: number) {
  const waiting: Array<{ offset: number; answer: () => void }> = [];
  const fetchPage: FetchPage = (offset, limit) =>
    new Promise((resolve) => {
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_unused, index) => item(offset + index + 1));
      waiting.push({ offset, answer: () => resolve({ ok: true, value: { items, total } }) });
    });
  const answer = async (offset: number) => {
    const index = waiting.findIndex((request) => request.offset === offset);
    const [request] = waiting.splice(index, 1);
    request?.answer();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { fetchPage, waiting, answer };
}

describe('LibraryPages', () => {
  it('asks only for the pages on screen, at most two at a time, and forgets pages scrolled past', async () => {
    const posts = library(100_000);
    let changes = 0;
    const pages = new LibraryPages(posts.fetchPage, () => (changes += 1), 100, 2);
    pages.want(0, 450);
    expect(posts.waiting.map((request) => request.offset)).toEqual([0, 100]);
    // A fling far down: the pages in between are no longer wanted.
    pages.want(50_000, 50_150);
    await posts.answer(0);
    expect(posts.waiting.map((request) => request.offset)).toEqual([100, 50_000]);
    await posts.answer(100);
    await posts.answer(50_000);
    expect(posts.waiting.map((request) => request.offset)).toEqual([50_100]);
    await posts.answer(50_100);
    expect(posts.waiting).toEqual([]);
    expect(pages.total).toBe(100_000);
    expect(pages.item(0)?.id).toBe(1);
    expect(pages.item(50_150)?.id).toBe(50_151);
    expect(pages.item(300)).toBeUndefined();
    expect(changes).toBe(4);
  });

  it('never asks twice for a page it has, and keeps the error of a failed page', async () => {
    let calls = 0;
    const pages = new LibraryPages(
      async (offset) => {
        calls += 1;
        return offset === 0 ? { ok: true, value: { items: [item(1)], total: 1 } } : { ok: false, error: { code: 'database_busy', message: 'The library is busy.' } };
      },
      () => undefined,
      100,
    );
    pages.want(0, 10);
    await new Promise((resolve) => setTimeout(resolve, 0));
    pages.want(0, 10);
    expect(calls).toBe(1);
    pages.want(100, 110);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pages.error?.code).toBe('database_busy');
  });

  it('keeps a failed page\'s error while later pages load, and asks for it again on retry', async () => {
    let failing = true;
    const asked: number[] = [];
    const pages = new LibraryPages(
      async (offset) => {
        asked.push(offset);
        if (offset === 100 && failing) return { ok: false, error: { code: 'disconnected', message: 'Lost the connection.' } };
        return { ok: true, value: { items: [item(offset + 1)], total: 300 } };
      },
      () => undefined,
      100,
      1,
    );
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    pages.want(100, 250);
    await settle();
    await settle();
    // Page 2 loaded after page 1 failed: the failure is still shown.
    expect(asked).toEqual([100, 200]);
    expect(pages.error?.code).toBe('disconnected');
    failing = false;
    pages.retry();
    expect(pages.error).toBeUndefined();
    await settle();
    expect(asked).toEqual([100, 200, 100]);
    expect(pages.item(100)?.id).toBe(101);
    expect(pages.error).toBeUndefined();
  });
});
