import { describe, expect, it } from 'vitest';
import { createOutput, outputMode } from '../../../src/cli/output/output';
import type { TextSink } from '../../../src/cli/output/output';

const sink = (): TextSink & { text: string } => {
  const collected = { text: '', write: (chunk: string) => (collected.text += chunk) };
  return collected;
};

describe('output', () => {
  it('chooses json, then a live terminal, then plain lines', () => {
    expect(outputMode(true, true)).toBe('json');
    expect(outputMode(false, true)).toBe('tty');
    expect(outputMode(false, false)).toBe('plain');
  });

  it('writes only JSON lines to stdout in json mode', () => {
    const stdout = sink();
    const stderr = sink();
    const output = createOutput('json', false, stdout, stderr);
    output.note('not for scripts');
    output.event('credits.changed', { availableCredits: 5, checkedAt: 1 });
    output.result('credits', 0, { balance: 5 }, ['Balance: 5']);
    output.failure({ code: 'out_of_credits', message: 'No credits left.', exitCode: 5, hint: 'Top up.' });
    expect(stderr.text).toBe('');
    expect(stdout.text.trimEnd().split('\n').map((line) => JSON.parse(line) as unknown)).toEqual([
      { type: 'event', event: 'credits.changed', payload: { availableCredits: 5, checkedAt: 1 } },
      { type: 'result', command: 'credits', exitCode: 0, balance: 5 },
      { type: 'error', code: 'out_of_credits', message: 'No credits left.', exitCode: 5, hint: 'Top up.' },
    ]);
  });

  it('writes results to stdout and notes and errors to stderr for people', () => {
    const stdout = sink();
    const stderr = sink();
    const output = createOutput('plain', false, stdout, stderr);
    output.note('Continuing 1 job.');
    output.event('credits.changed', { availableCredits: 5, checkedAt: 1 });
    output.result('credits', 0, { balance: 5 }, ['Balance: 5']);
    output.failure({ code: 'private_content', message: 'This post is private.', exitCode: 3, hint: 'Retrying will not help.' });
    expect(stdout.text).toBe('Balance: 5\n');
    expect(stderr.text).toBe('Continuing 1 job.\nError: This post is private. (private_content)\n  → Retrying will not help.\n');
  });

  it('drops notes with --quiet but keeps results and errors', () => {
    const stdout = sink();
    const stderr = sink();
    const output = createOutput('tty', true, stdout, stderr);
    output.note('chatter');
    output.result('key', 0, {}, ['A key is set.']);
    output.failure({ code: 'internal', message: 'Boom.', exitCode: 1 });
    expect(stdout.text).toBe('A key is set.\n');
    expect(stderr.text).toBe('Error: Boom. (internal)\n');
  });
});
