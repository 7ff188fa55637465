import { describe, expect, it } from 'vitest';
import { parseByteRange } from '../../src/shared/byte-range';

describe('parseByteRange', () => {
  it('reads the single-range forms players send', () => {
    expect(parseByteRange('bytes=0-', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
    expect(parseByteRange('bytes=10-19', 100)).toEqual({ kind: 'partial', start: 10, end: 19 });
    expect(parseByteRange('bytes=90-500', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-10', 100)).toEqual({ kind: 'partial', start: 90, end: 99 });
    expect(parseByteRange('bytes=-500', 100)).toEqual({ kind: 'partial', start: 0, end: 99 });
  });

  it('answers ranges past the end as unsatisfiable and ignores what it does not support', () => {
    expect(parseByteRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange(undefined, 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('bytes=0-1,5-6', 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('items=0-1', 100)).toEqual({ kind: 'full' });
    expect(parseByteRange('bytes=20-10', 100)).toEqual({ kind: 'full' });
    // a last byte before the first makes the header invalid, so it is ignored even past the end
    expect(parseByteRange('bytes=500-100', 100)).toEqual({ kind: 'full' });
  });
});
