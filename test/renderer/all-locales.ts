import de from '../../src/renderer/src/i18n/locales/de.json';
import en from '../../src/renderer/src/i18n/locales/en.json';
import es from '../../src/renderer/src/i18n/locales/es.json';
import ja from '../../src/renderer/src/i18n/locales/ja.json';
import zh from '../../src/renderer/src/i18n/locales/zh.json';

/** Every language's strings at once, for the tests that compare them (the app loads only the one in use). */
export const resources = {
  en: { translation: en },
  zh: { translation: zh },
  ja: { translation: ja },
  es: { translation: es },
  de: { translation: de },
} as const;
