import type { UiLanguage } from '../../../shared/settings';

/** Each language in its own words, so anyone can find theirs whatever the UI shows now. */
export const LANGUAGE_NAMES: Readonly<Record<UiLanguage, string>> = {
  en: 'English',
  zh: '中文（简体）',
  ja: '日本語',
  es: 'Español',
  de: 'Deutsch',
};
