import { describe, expect, it } from 'vitest';
import { API_ERROR_CODES } from '../../src/shared/error-codes';
import type { ErrorCode } from '../../src/shared/error-codes';
import { EXIT, exitCodeForError, exitCodeForJobs } from '../../src/cli/exit-codes';
import { jobView } from './job-view';

describe('exitCodeForError', () => {
  it('maps a missing or refused key to 4 and an empty balance to 5', () => {
    expect(exitCodeForError({ code: 'unauthorized' }, 'command')).toBe(EXIT.key);
    for (const code of ['key_unavailable', 'key_rejected', 'invalid_key', 'keychain_unavailable', 'keychain_error'] as const) {
      expect(exitCodeForError({ code }, 'command')).toBe(EXIT.key);
    }
    expect(exitCodeForError({ code: 'out_of_credits' }, 'job')).toBe(EXIT.credits);
    // A profile run stopped by its --max-credits cap is about credits too.
    expect(exitCodeForError({ code: 'cost_cap_reached' }, 'job')).toBe(EXIT.credits);
  });

  it('maps each of the 18 service codes and the transport failures to 3', () => {
    for (const code of [...API_ERROR_CODES, 'too_many_requests', 'server_error', 'network_error', 'invalid_response'] as const) {
      expect(exitCodeForError({ code }, 'job')).toBe(EXIT.apiError);
    }
  });

  it('maps bad input to 2', () => {
    expect(exitCodeForError({ code: 'invalid_input' }, 'command')).toBe(EXIT.usage);
    expect(exitCodeForError({ code: 'invalid_link' }, 'command')).toBe(EXIT.usage);
  });

  it('treats any other code as a download failure inside a job and a general failure elsewhere', () => {
    expect(exitCodeForError({ code: 'ffmpeg_failed' }, 'job')).toBe(EXIT.download);
    expect(exitCodeForError({ code: 'not_found' }, 'command')).toBe(EXIT.someFailed);
  });
});

describe('exitCodeForJobs', () => {
  const done = jobView({ id: 1, state: 'done' });
  const failed = (id: number, code: ErrorCode) => jobView({ id, state: 'failed', error: { code, message: code } });

  it('is 0 when every job is done', () => {
    expect(exitCodeForJobs([done, jobView({ id: 2, state: 'done' })])).toBe(EXIT.ok);
  });

  it('is 1 when some jobs failed and others are done', () => {
    expect(exitCodeForJobs([done, failed(2, 'private_content')])).toBe(EXIT.someFailed);
  });

  it('takes the code of the failure when nothing succeeded', () => {
    expect(exitCodeForJobs([failed(1, 'private_content')])).toBe(EXIT.apiError);
    expect(exitCodeForJobs([failed(1, 'http_error')])).toBe(EXIT.download);
    expect(exitCodeForJobs([failed(1, 'http_error'), failed(2, 'private_content'), failed(3, 'unauthorized')])).toBe(EXIT.key);
  });

  it('reports a queue stopped for the key or for credits even when other jobs are done', () => {
    expect(exitCodeForJobs([done, jobView({ id: 2, state: 'paused', pauseReason: 'out_of_credits' })])).toBe(EXIT.credits);
    expect(exitCodeForJobs([done, jobView({ id: 2, state: 'paused', pauseReason: 'key_required' })])).toBe(EXIT.key);
  });

  it('is 7 when every job is done but one could not have an extra it asked for; a failure still comes first', () => {
    const withProblem = jobView({ id: 2, state: 'done', problems: [{ extra: 'subtitles', code: 'unsupported_site', message: 'Not supported.' }] });
    expect(exitCodeForJobs([done, withProblem])).toBe(EXIT.doneWithProblems);
    expect(EXIT.doneWithProblems).toBe(7);
    expect(exitCodeForJobs([withProblem, failed(3, 'private_content')])).toBe(EXIT.someFailed);
    expect(exitCodeForJobs([withProblem, jobView({ id: 4, state: 'paused', pauseReason: 'out_of_credits' })])).toBe(EXIT.credits);
  });

  it('counts a canceled job as not done', () => {
    expect(exitCodeForJobs([done, jobView({ id: 2, state: 'canceled' })])).toBe(EXIT.someFailed);
    expect(exitCodeForJobs([jobView({ id: 2, state: 'canceled' })])).toBe(EXIT.someFailed);
  });
});
