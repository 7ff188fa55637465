import { describe, expect, it } from 'vitest';
import { createI18n } from '../../src/renderer/src/i18n/i18n';
import { nextStepKey } from '../../src/renderer/src/errors/next-step';
import { API_ERROR_CODES } from '../../src/shared/error-codes';

describe('the next step shown under an error', () => {
  it('gives the service error codes their own advice, and link advice only to link problems', async () => {
    const i18n = await createI18n('en');
    const has = (key: string) => i18n.exists(key);
    for (const code of API_ERROR_CODES) {
      const key = nextStepKey({ code, retryable: false }, has);
      expect(key === `errors.next.${code}` || key === 'errors.next.default', code).toBe(true);
    }
    expect(nextStepKey({ code: 'invalid_link' }, has)).toBe('errors.next.default');
  });

  it('never tells to check the link when the link is not the problem', async () => {
    const i18n = await createI18n('en');
    const has = (key: string) => i18n.exists(key);
    // What the engine answers when the service is unreachable, the keychain is missing,
    // a queue action is refused or a file cannot be deleted.
    const engineErrors = [
      { code: 'network_error', retryable: true },
      { code: 'network_error', retryable: false },
      { code: 'keychain_unavailable', retryable: false },
      { code: 'key_unavailable', retryable: false },
      { code: 'invalid_response', retryable: false },
      { code: 'link_expired', retryable: false },
      { code: 'invalid_transition' },
      { code: 'delete_failed' },
      { code: 'internal' },
    ];
    for (const error of engineErrors) {
      const key = nextStepKey(error, has);
      expect(key, error.code).not.toBe('errors.next.default');
      expect(i18n.t(key), error.code).not.toMatch(/check the link/i);
    }
    expect(nextStepKey({ code: 'network_error' }, has)).toBe('errors.next.network_error');
    expect(nextStepKey({ code: 'delete_failed' }, has)).toBe('errors.next.other');
    // A retryable engine error without its own advice says to try again.
    expect(nextStepKey({ code: 'stalled', retryable: true }, has)).toBe('errors.next.retryable');
  });
});
