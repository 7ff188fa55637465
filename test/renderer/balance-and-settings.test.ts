import { describe, expect, it } from 'vitest';
import { fillDays, niceMax } from '../../src/renderer/src/balance/spend-days';
import { playableMedia } from '../../src/renderer/src/library/playable-media';
import { parseCount, parseFolder, parseLanguages, parseServiceUrl, parseSpeedLimit, qualityFromText, speedLimitText } from '../../src/renderer/src/settings/setting-values';
import type { LibraryFile } from '../../src/shared/library';

describe('spend per day', () => {
  it('lists every day of the period, oldest first, with the ledger filling in the days it knows', () => {
    const now = Date.parse('2026-03-03T12:00:00Z');
    const none = { calls: 0, cost: 0, approximateCalls: 0, unpricedCalls: 0 };
    const known = { day: '2026-03-02', calls: 4, cost: 9, approximateCalls: 2, unpricedCalls: 1 };
    expect(fillDays([known], 3, now)).toEqual([{ day: '2026-03-01', ...none }, known, { day: '2026-03-03', ...none }]);
  });

  it('tops the axis at a round number whose half is round too', () => {
    expect([0, 1, 3, 5, 37, 400, 401].map(niceMax)).toEqual([1, 1, 4, 10, 40, 400, 1000]);
  });
});

describe('settings as typed', () => {
  it('accepts what the schema accepts and names the problem otherwise', () => {
    expect(parseServiceUrl(' https://api.example.com ')).toEqual({ ok: true, value: 'https://api.example.com' });
    expect(parseServiceUrl('ftp://x')).toEqual({ ok: false, problem: { key: 'settings.problems.url' } });
    expect(parseCount('4', 1, 16)).toEqual({ ok: true, value: 4 });
    expect(parseCount('4.5', 1, 16)).toEqual({ ok: false, problem: { key: 'settings.problems.range', values: { min: 1, max: 16 } } });
    expect(parseCount('', 1, 16).ok).toBe(false);
    expect(parseLanguages('en, pt-BR;ja en', 'subtitleLanguages')).toEqual({ ok: true, value: ['en', 'pt-BR', 'ja'] });
    expect(parseLanguages('en, english!', 'audioLanguages')).toEqual({ ok: false, problem: { key: 'settings.problems.languageTag', values: { tag: 'english!' } } });
    expect(parseFolder('relative/path').ok).toBe(false);
    expect(parseFolder('C:\\Users\\ana').ok).toBe(true);
    expect(parseFolder('').ok).toBe(true);
    expect(qualityFromText('1080')).toBe(1080);
    expect(qualityFromText('original')).toBe('original');
  });

  it('shows the speed limit in MB/s and keeps it in bytes per second', () => {
    expect(parseSpeedLimit('2,5')).toEqual({ ok: true, value: 2_500_000 });
    expect(parseSpeedLimit('')).toEqual({ ok: true, value: 0 });
    expect(parseSpeedLimit('-1').ok).toBe(false);
    expect(speedLimitText(2_500_000)).toBe('2.5');
    expect(speedLimitText(0)).toBe('');
  });
});

describe('what the item view plays', () => {
  const file = (id: number, kind: LibraryFile['kind'], exists = true): LibraryFile => ({ id, path: `/lib/${id}`, size: 1, kind, exists });
  it('prefers a video on disk, then audio, then the pictures', () => {
    expect(playableMedia({ files: [file(1, 'thumbnail'), file(2, 'video', false), file(3, 'audio')] })).toEqual({ kind: 'audio', file: file(3, 'audio') });
    expect(playableMedia({ files: [file(1, 'image'), file(2, 'video')] })).toEqual({ kind: 'video', file: file(2, 'video') });
    expect(playableMedia({ files: [file(1, 'image'), file(2, 'image')] })).toMatchObject({ kind: 'images' });
    expect(playableMedia({ files: [file(1, 'file')] })).toEqual({ kind: 'none' });
  });
});
