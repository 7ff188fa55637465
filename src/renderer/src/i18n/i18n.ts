import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { UiLanguage } from '../../../shared/settings';
import en from './locales/en.json';

/**
 * The UI's strings. English ships now; zh, ja, es and de are added as resource files
 * next to en.json (issue 10), and the language follows the `language` setting.
 */
export const resources = { en: { translation: en } } as const;

export async function createI18n(language: UiLanguage): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });
  return instance;
}
