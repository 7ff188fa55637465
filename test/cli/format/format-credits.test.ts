import { describe, expect, it } from 'vitest';
import { creditsLines } from '../../../src/cli/format/format-credits';

const balance = { availableCredits: 9_960, checkedAt: Date.parse('2026-03-02T10:42:00Z') };
const row = { endpoint: 'v1 POST /extract/post', site: 'video.example' } as const;

describe('trove credits', () => {
  it('sums credits per day, marks approximate sums and counts unknown costs, and lists calls as people think of them (the link where no title is known)', () => {
    const lines = creditsLines(
      balance,
      {
        byDay: [
          { day: '2026-03-01', calls: 2, cost: 6, approximateCalls: 0, unpricedCalls: 0 },
          { day: '2026-03-02', calls: 3, cost: 10, approximateCalls: 2, unpricedCalls: 1 },
        ],
        entries: [
          { ...row, id: 1, at: Date.parse('2026-03-01T09:00:00Z'), url: 'https://video.example/watch/a', action: 'preview', costKind: 'exact', cost: 3 },
          { ...row, id: 2, at: Date.parse('2026-03-02T09:00:00Z'), url: 'https://video.example/watch/b', action: 'download', title: 'Sample video b', costKind: 'approximate', cost: 5, costLow: 10 / 3, costHigh: 7 },
          { ...row, id: 3, at: Date.parse('2026-03-02T09:01:00Z'), url: 'https://video.example/watch/c', action: 'subtitles', costKind: 'unknown' },
        ],
      },
      30,
      [
        { operation: 'post', site: 'video.example', credits: 3, low: 3, high: 3, exact: true, samples: 2, learnedAt: 0 },
        { operation: 'subtitles', site: 'video.example', credits: 2.5, low: 0, high: 5, exact: false, samples: 1, learnedAt: 0 },
      ],
    );
    expect(lines.slice(1)).toEqual([
      'Last 30 days: 5 charged calls, ≈ 16 credits (+ 1 of unknown cost)',
      '  2026-03-01  2 charged calls, 6 credits',
      '  2026-03-02  3 charged calls, ≈ 10 credits (+ 1 of unknown cost)',
      'Latest calls (cost in credits, UTC):',
      '  2026-03-02 09:01       ?  Subtitles · video.example · video.example/watch/c',
      '  2026-03-02 09:00  ≈ 5 (3.3–7)  Download · video.example · Sample video b',
      '  2026-03-01 09:00       3  Preview · video.example · video.example/watch/a',
      'Prices learned (per call; anything not listed is unknown):',
      '  video.example  post: 3 credits (seen 2×)',
      '  video.example  subtitle list: ≈ 2.5 (0–5) credits',
    ]);
    expect(creditsLines(balance, { byDay: [], entries: [] }, 30, []).at(-1)).toBe('Prices: none learned yet (Trove learns them from the balance after charged calls)');
  });
});
