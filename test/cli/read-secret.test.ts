import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret } from '../../src/cli/read-secret';

describe('readSecret', () => {
  it('takes the first line of piped input, trimmed, without prompting', async () => {
    const prompts: string[] = [];
    expect(await readSecret(Readable.from(['  my-', 'key \r\nsecond line\n']), (text) => prompts.push(text))).toBe('my-key');
    expect(prompts).toEqual([]);
  });

  it('reads input without a newline to its end, and nothing as empty', async () => {
    expect(await readSecret(Readable.from([Buffer.from('abc')]), () => {})).toBe('abc');
    expect(await readSecret(Readable.from([]), () => {})).toBe('');
  });
});
