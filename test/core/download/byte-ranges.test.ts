import { describe, expect, it } from 'vitest';
import { addRange, clampRanges, coveredBytes, missingRanges, splitRanges } from '../../../src/core/download/byte-ranges';
import { parseContentRange } from '../../../src/core/download/content-range';

describe('byte ranges', () => {
  it('merges touching and overlapping ranges and keeps them sorted', () => {
    let ranges = addRange([], 10, 20);
    ranges = addRange(ranges, 30, 40);
    ranges = addRange(ranges, 0, 5);
    expect(ranges).toEqual([[0, 5], [10, 20], [30, 40]]);
    expect(addRange(ranges, 20, 30)).toEqual([[0, 5], [10, 40]]);
    expect(addRange(ranges, 3, 35)).toEqual([[0, 40]]);
    expect(addRange(ranges, 5, 5)).toEqual(ranges);
    expect(coveredBytes(ranges)).toBe(25);
  });

  it('lists the gaps up to the total', () => {
    expect(missingRanges([], 100)).toEqual([[0, 100]]);
    expect(missingRanges([[0, 10], [20, 30]], 50)).toEqual([[10, 20], [30, 50]]);
    expect(missingRanges([[0, 50]], 50)).toEqual([]);
    expect(missingRanges([[10, 60]], 50)).toEqual([[0, 10]]);
  });

  it('clamps ranges to what a file of a given size holds', () => {
    expect(clampRanges([[0, 10], [20, 30], [40, 50]], 25)).toEqual([[0, 10], [20, 25]]);
  });

  it('splits missing bytes into about equal pieces, none below the minimum', () => {
    const pieces = splitRanges([[0, 1000]], 4, 10);
    expect(pieces).toEqual([[0, 250], [250, 500], [500, 750], [750, 1000]]);
    expect(splitRanges([[0, 1000]], 4, 400)).toEqual([[0, 500], [500, 1000]]);
    const resumed = splitRanges([[100, 200], [600, 1000]], 2, 1);
    expect(coveredBytes(resumed)).toBe(500);
    expect(resumed[0]).toEqual([100, 200]);
    for (const [start, end] of resumed) expect(end).toBeGreaterThan(start);
  });
});

describe('parseContentRange', () => {
  it.each([
    ['bytes 0-499/1234', { kind: 'range', start: 0, end: 500, total: 1234 }],
    ['bytes 500-1233/1234', { kind: 'range', start: 500, end: 1234, total: 1234 }],
    ['bytes 0-9/*', { kind: 'range', start: 0, end: 10, total: undefined }],
    ['bytes */1234', { kind: 'unsatisfied', total: 1234 }],
  ])('%s', (header, expected) => {
    expect(parseContentRange(header)).toEqual(expected);
  });

  it.each([undefined, '', 'bytes 5-4/10', 'bytes 0-10/10', 'items 0-1/2', 'bytes 0-1'])('rejects %j', (header) => {
    expect(parseContentRange(header)).toBeUndefined();
  });
});
