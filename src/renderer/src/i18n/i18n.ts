import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorCode } from '../../../shared/error-codes';
import type { UiLanguage } from '../../../shared/settings';
import de from './locales/de.json';
import en from './locales/en.json';
import es from './locales/es.json';
import ja from './locales/ja.json';
import zh from './locales/zh.json';

/**
 * The UI's strings in every language of the `language` setting; English fills any gap,
 * except for the words of the error codes: each language must word every code, or the
 * typecheck fails here.
 */
export const resources = {
  en: { translation: en },
  zh: { translation: zh },
  ja: { translation: ja },
  es: { translation: es },
  de: { translation: de },
} as const satisfies Record<UiLanguage, { translation: { errors: { codes: Record<ErrorCode, string> } } }>;

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
