import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../src/core/credits/ledger';
import { createLedger } from '../../../src/core/credits/ledger';
import { ledgerCsv, toLedgerRow } from '../../../src/core/credits/ledger-rows';
import type { TempLibrary } from '../library/temp-library';
import { stepClock, tempLibrary } from '../library/temp-library';
import { unwrap } from '../library/unwrap';

let temp: TempLibrary;
let ledger: Ledger;
const at = (iso: string) => Date.parse(iso);

beforeEach(() => {
  temp = tempLibrary();
  ledger = createLedger(temp.db, { now: stepClock(at('2026-03-01T12:00:00Z')) });
  const calls = [
    { at: at('2026-02-27T23:30:00Z'), endpoint: 'v1 POST /extract/post', link: 'https://video.example/watch/a', cost: 1, balanceAfter: 999, jobId: 1 },
    { at: at('2026-02-28T00:30:00Z'), endpoint: 'v1 POST /extract/playlist', link: 'https://video.example/@maker', cost: 2, jobId: 2 },
    { at: at('2026-02-28T10:00:00Z'), endpoint: 'v1 POST /extract/playlist', link: 'https://video.example/@maker', cost: 2, jobId: 2 },
    { at: at('2026-02-28T11:00:00Z'), endpoint: 'v1 POST /extract/subtitles', link: 'https://video.example/watch/a', jobId: 2 },
    { at: at('2026-03-01T09:00:00Z'), endpoint: 'v1 POST /extract/post', link: '=cmd|"/c calc"!A1', cost: 1 },
  ];
  for (const call of calls) {
    const recorded = ledger.record(call);
    if (!recorded.ok) throw new Error(recorded.error.message);
  }
});
afterEach(() => temp.cleanup());


describe('ledger', () => {
  it('records charged calls, with the time from the clock when none is given', () => {
    const entry = unwrap(ledger.record({ endpoint: 'v1 POST /extract/post', link: 'https://photos.example/p/1' }));
    expect(entry).toEqual({
      id: 6, at: at('2026-03-01T12:00:00Z'), endpoint: 'v1 POST /extract/post', link: 'https://photos.example/p/1',
      cost: null, costLow: null, costHigh: null, balanceAfter: null, jobId: null,
    });
    unwrap(ledger.setBalanceAfter(entry.id, 990));
    expect(unwrap(ledger.list({ from: entry.at })).map((e) => e.balanceAfter)).toEqual([990]);
    expect(ledger.setBalanceAfter(999, 1)).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('sums spend per day, in UTC or in the user\'s time zone', () => {
    expect(unwrap(ledger.spendPerDay())).toEqual([
      { day: '2026-02-27', calls: 1, cost: 1, unpricedCalls: 0, approximateCalls: 0 },
      { day: '2026-02-28', calls: 3, cost: 4, unpricedCalls: 1, approximateCalls: 0 },
      { day: '2026-03-01', calls: 1, cost: 1, unpricedCalls: 0, approximateCalls: 0 },
    ]);
    // one hour east of UTC, 23:30 on the 27th is already the 28th
    expect(unwrap(ledger.spendPerDay({ utcOffsetMinutes: 60 }))[0]).toEqual({ day: '2026-02-28', calls: 4, cost: 5, unpricedCalls: 1, approximateCalls: 0 });
  });

  it('sums spend per job, and filters by range and job', () => {
    expect(unwrap(ledger.spendPerJob())).toEqual([
      { jobId: 1, calls: 1, cost: 1, unpricedCalls: 0, approximateCalls: 0 },
      { jobId: 2, calls: 3, cost: 4, unpricedCalls: 1, approximateCalls: 0 },
    ]);
    expect(unwrap(ledger.list({ jobId: 2, from: at('2026-02-28T05:00:00Z') })).map((e) => e.endpoint)).toEqual([
      'v1 POST /extract/playlist',
      'v1 POST /extract/subtitles',
    ]);
  });

  it('exports RFC 4180 CSV with the description beside the endpoint, costs by kind and formula injection defused', () => {
    const rows = unwrap(ledger.list({ from: at('2026-02-28T10:00:00Z') }));
    unwrap(ledger.setCost(rows[0]!.id, { credits: 2.5, low: 1, high: 4 }));
    const titled = unwrap(ledger.list({ from: at('2026-02-28T10:00:00Z') })).map((entry, index) => toLedgerRow(entry, index === 1 ? 'Sample video a' : undefined));
    expect(ledgerCsv(titled)).toBe(
      'time,description,endpoint,link,cost,cost_kind,cost_low,cost_high,balance_after,job_id\r\n' +
        '2026-02-28T10:00:00.000Z,Profile page · video.example,v1 POST /extract/playlist,https://video.example/@maker,2.5,approximate,1,4,,2\r\n' +
        '2026-02-28T11:00:00.000Z,Subtitles · video.example · Sample video a,v1 POST /extract/subtitles,https://video.example/watch/a,,unknown,,,,2\r\n' +
        `2026-03-01T09:00:00.000Z,"Preview · =cmd|""/c calc""!A1",v1 POST /extract/post,"'=cmd|""/c calc""!A1",1,exact,,,,\r\n`,
    );
  });

  it('refuses bad entries and ranges as data', () => {
    expect(ledger.record({ endpoint: '', link: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(ledger.record({ endpoint: 'e', link: 'x', cost: -1 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(ledger.spendPerDay({ utcOffsetMinutes: 100_000 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
