import { useTranslation } from 'react-i18next';
import { WarningBanner } from '../design/warning-banner';
import { useAppInfo } from './app-info-context';

/** What the engine reports when the whole settings file was unreadable (see AppInfo.settingsReset). */
const SETTINGS_FILE = 'settings.json';

/**
 * Says once per start which settings the engine could not read back and set to their
 * defaults: otherwise a download folder or quality quietly changes under the user.
 */
export function SettingsResetBanner() {
  const { t, i18n } = useTranslation();
  const { info } = useAppInfo();
  const reset = info?.settingsReset ?? [];
  if (reset.length === 0) return null;
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(reset.map((name) => t(`settings.${name}`, { defaultValue: name })));
  const [title, body] = reset.includes(SETTINGS_FILE)
    ? [t('settingsReset.fileTitle'), t('settingsReset.fileBody')]
    : [t('settingsReset.valuesTitle'), t('settingsReset.valuesBody', { names })];
  return <WarningBanner testId="settings-reset" title={title} body={body} inline={<a href="#/settings">{t('settingsReset.open')}</a>} />;
}
