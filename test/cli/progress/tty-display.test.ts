import { describe, expect, it } from 'vitest';
import { barPayload } from '../../../src/cli/progress/tty-display';

describe('barPayload', () => {
  it('formats the tokens of a bar in our units, with a fixed-width label', () => {
    const payload = barPayload('#1 A very long title that does not fit in the column', {
      bytes: 1024 * 1024,
      total: 4 * 1024 * 1024,
      speed: 512 * 1024,
      etaSeconds: 6,
    });
    expect(payload).toEqual({
      label: '#1 A very long title that does …',
      pct: ' 25%',
      size: '1.0 MiB/4.0 MiB',
      rate: '512 KiB/s',
      timeLeft: '0:06',
    });
    expect(barPayload('short', { bytes: 10, speed: 0 })).toMatchObject({ label: 'short'.padEnd(32), pct: '  ?%', size: '10 B', timeLeft: '--:--' });
  });
});
