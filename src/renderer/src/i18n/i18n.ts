import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { ErrorCode } from '../../../shared/error-codes';
import type { UiLanguage } from '../../../shared/settings';
import en from './locales/en.json';

type Translation = { errors: { codes: Record<ErrorCode, string> } };

/**
 * The UI's strings in every language of the `language` setting; English fills any gap,
 * except for the words of the error codes: each language must word every code, or the
 * typecheck fails here. English is in the start script; another language is its own chunk,
 * loaded when chosen: the four others were ~215 KB of object literals that V8 evaluated
 * before the first paint (benchmark 9).
 */
const english = en satisfies Translation;
const LOADERS = {
  zh: () => import('./locales/zh.json'),
  ja: () => import('./locales/ja.json'),
  es: () => import('./locales/es.json'),
  de: () => import('./locales/de.json'),
} satisfies Record<Exclude<UiLanguage, 'en'>, () => Promise<{ default: Translation }>>;

async function translationOf(language: UiLanguage): Promise<Translation> {
  return language === 'en' ? english : (await LOADERS[language]()).default;
}

export async function createI18n(language: UiLanguage): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: english }, [language]: { translation: await translationOf(language) } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes.
    returnNull: false,
  });
  return instance;
}

/** Switches the UI to `language`, loading its strings first when they are not loaded yet. */
export async function switchLanguage(instance: I18n, language: UiLanguage): Promise<void> {
  if (!instance.hasResourceBundle(language, 'translation')) instance.addResourceBundle(language, 'translation', await translationOf(language));
  await instance.changeLanguage(language);
}
