import { describe, expect, expectTypeOf, it } from 'vitest';
import { errorWordsKey } from '../../src/renderer/src/errors/error-words';
import { createI18n } from '../../src/renderer/src/i18n/i18n';
import { resources } from './all-locales';
import { ERROR_CODE_NAMES } from '../../src/shared/error-codes';
import type { ErrorCode } from '../../src/shared/error-codes';
import { UI_LANGUAGES } from '../../src/shared/settings';

describe('the words of the error codes', () => {
  it('are a complete table per language: the typecheck fails while one lacks a code', () => {
    expectTypeOf(resources.en.translation.errors.codes).toExtend<Record<ErrorCode, string>>();
    expectTypeOf(resources.de.translation.errors.codes).toExtend<Record<ErrorCode, string>>();
    expectTypeOf(resources.es.translation.errors.codes).toExtend<Record<ErrorCode, string>>();
    expectTypeOf(resources.ja.translation.errors.codes).toExtend<Record<ErrorCode, string>>();
    expectTypeOf(resources.zh.translation.errors.codes).toExtend<Record<ErrorCode, string>>();
  });

  it('word every code of the list in every language, and no code that is not in it', () => {
    for (const language of UI_LANGUAGES) {
      const words: Record<string, unknown> = resources[language].translation.errors.codes;
      expect(Object.keys(words).sort(), language).toEqual([...ERROR_CODE_NAMES].sort());
      for (const code of ERROR_CODE_NAMES) expect(words[code], `${language} ${code}`).toMatch(/\S{2}/u);
    }
  });

  it('show in the chosen language, not in English, whatever language the message came in', async () => {
    const german = await createI18n('de');
    expect(german.t(errorWordsKey('private_content'))).toBe(resources.de.translation.errors.codes.private_content);
    expect(german.t(errorWordsKey('disk_full'))).not.toBe(resources.en.translation.errors.codes.disk_full);
  });

  it('never tell to check the link when the link is not the problem', () => {
    const notTheLink: ErrorCode[] = ['network_error', 'keychain_unavailable', 'key_unavailable', 'invalid_response', 'link_expired', 'invalid_transition', 'delete_failed', 'internal', 'disk_full', 'ffmpeg_failed'];
    for (const code of notTheLink) expect(resources.en.translation.errors.codes[code], code).not.toMatch(/check the link/i);
  });
});
