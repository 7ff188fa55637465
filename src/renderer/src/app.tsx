import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/settings';
import type { TroveClient } from './api/client';
import { ClientContext } from './api/client-context';
import { LoadingState } from './design/states';
import { OnboardingScreen } from './onboarding/onboarding-screen';
import { EarlyLibraryPageContext } from './library/early-library-page';
import type { EarlyLibraryPage } from './library/early-library-page';
import { JobsProvider } from './queue/jobs-context';
import { AppHeader } from './shell/app-header';
import { AppInfoProvider, useAppInfo } from './shell/app-info-context';
import { BalanceAlerts } from './shell/balance-alerts';
import { BalanceProvider } from './shell/balance-context';
import { ConnectionBanner } from './shell/connection-banner';
import { ROUTES, ROUTE_IDS, START_ROUTE_IDS } from './shell/routes';
import { SettingsResetBanner } from './shell/settings-reset-banner';
import { LibraryNoticeBanner } from './shell/library-notice-banner';
import { SettingsProvider, useSettings } from './shell/settings-context';
import { useRoute } from './shell/use-route';
import { useVisitedScreens } from './shell/use-visited-screens';
import { useKeyAlreadySet } from './onboarding/use-key-already-set';

function Shell() {
  const { t } = useTranslation();
  const [current] = useRoute(ROUTE_IDS, 'grab');
  const visited = useVisitedScreens(current, START_ROUTE_IDS);
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader current={current} />
      <ConnectionBanner />
      <BalanceAlerts />
      <SettingsResetBanner />
      <LibraryNoticeBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        {/* Once shown, screens stay mounted (hidden) so a preview or a scroll position survives a tab switch. */}
        {ROUTES.map(({ id, labelKey, Screen }) => (
          <section key={id} className="screen" hidden={id !== current} aria-label={t(labelKey)} data-screen={id}>
            <h1 className="visually-hidden">{t(labelKey)}</h1>
            {visited.has(id) && <Screen />}
          </section>
        ))}
      </main>
    </div>
  );
}

/**
 * First run shows the onboarding until a key is set up, the sandbox is on, or the user skips
 * it. A key that is already there (TROVE_API_KEY, or one stored by an earlier install) needs
 * no welcome.
 */
function Gate() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { info } = useAppInfo();
  const keySet = useKeyAlreadySet(!settings.onboarded);
  if (settings.onboarded || info?.sandbox.active || keySet === true) return <Shell />;
  if (!info || keySet === undefined) return <LoadingState label={t('app.loading')} />;
  return <OnboardingScreen />;
}

interface AppProps {
  client: TroveClient;
  i18n: I18n;
  settings: Settings;
  /** The library's first page, asked for before the settings answered (library start only). */
  earlyLibraryPage: EarlyLibraryPage | undefined;
}

export function App({ client, i18n, settings, earlyLibraryPage }: AppProps) {
  return (
    <ClientContext.Provider value={client}>
      <EarlyLibraryPageContext.Provider value={earlyLibraryPage}>
        <I18nextProvider i18n={i18n}>
          <SettingsProvider initial={settings}>
            <AppInfoProvider>
              <BalanceProvider>
                <JobsProvider>
                  <Gate />
                </JobsProvider>
              </BalanceProvider>
            </AppInfoProvider>
          </SettingsProvider>
        </I18nextProvider>
      </EarlyLibraryPageContext.Provider>
    </ClientContext.Provider>
  );
}
