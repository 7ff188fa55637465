import { createContext, useContext, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../shared/settings';
import { DEFAULT_SETTINGS } from '../../../shared/settings';
import { switchLanguage } from '../i18n/i18n';
import { needsNewImagePolicy } from './image-policy';
import { useContractEvent } from './use-contract-event';

const SettingsContext = createContext<Settings>(DEFAULT_SETTINGS);

export const useSettings = (): Settings => useContext(SettingsContext);

/** The settings as the engine has them, kept current by `settings.changed`; applies theme and language. */
export function SettingsProvider({ initial, children }: { initial: Settings; children: ReactNode }) {
  const [settings, setSettings] = useState(initial);
  const { i18n } = useTranslation();
  const loadedFor = useRef(initial.serviceUrl);
  useContractEvent('settings.changed', (next) => {
    setSettings(next);
    // The page's image policy names a plain-http service by its origin (the local sandbox):
    // a new one is only allowed once the page is loaded again with the new policy.
    if (needsNewImagePolicy(loadedFor.current, next.serviceUrl)) window.location.reload();
  });
  useEffect(() => {
    document.documentElement.dataset['theme'] = settings.theme;
  }, [settings.theme]);
  useEffect(() => {
    let live = true;
    // The page says its language once its strings are in it (another language's strings load first).
    const mark = () => {
      if (live) document.documentElement.lang = settings.language;
    };
    if (i18n.language === settings.language) mark();
    else void switchLanguage(i18n, settings.language).then(mark);
    return () => {
      live = false;
    };
  }, [i18n, settings.language]);
  return <SettingsContext.Provider value={settings}>{children}</SettingsContext.Provider>;
}
