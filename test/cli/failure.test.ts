import { describe, expect, it } from 'vitest';
import { failureFromError, failureLines } from '../../src/cli/failure';

describe('failures', () => {
  it('carry the message, the code, the exit code and what to do next', () => {
    expect(failureFromError({ code: 'unauthorized', message: 'Invalid API key.' }, 'command')).toEqual({
      code: 'unauthorized',
      message: 'Invalid API key.',
      exitCode: 4,
      hint: expect.stringContaining('trove key set') as string,
    });
    expect(failureFromError({ code: 'out_of_credits', message: 'Out of credits.' }, 'job')).toMatchObject({ exitCode: 5, hint: expect.stringContaining('queue resume') as string });
  });

  it('of a plain command (nothing queued) advise running it again, not resuming the queue', () => {
    const failure = failureFromError({ code: 'out_of_credits', message: 'Not enough credits for this request.' }, 'command');
    expect(failure).toMatchObject({ exitCode: 5, hint: 'Top up your credits, then run the command again.' });
  });

  it('advise on a service code by whether retrying may help', () => {
    expect(failureFromError({ code: 'age_restricted', message: 'Restricted.' }, 'command').hint).toContain('retrying will not help');
    expect(failureFromError({ code: 'extract_failed', message: 'Try later.' }, 'command').hint).toContain('later');
  });

  it('have no hint when there is nothing useful to say', () => {
    expect(failureFromError({ code: 'not_found', message: 'No such post.' }, 'command')).toEqual({ code: 'not_found', message: 'No such post.', exitCode: 1 });
  });

  it('print the stack only when one was attached (--debug)', () => {
    expect(failureLines({ code: 'internal', message: 'Boom.', exitCode: 1 })).toEqual(['Error: Boom. (internal)']);
    expect(failureLines({ code: 'internal', message: 'Boom.', exitCode: 1, stack: 'Error: Boom\n    at x' })).toEqual(['Error: Boom. (internal)', 'Error: Boom\n    at x']);
  });
});
