import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { Settings } from '../../shared/settings';
import type { TroveClient } from './api/client';
import { ClientContext } from './api/client-context';
import { JobsProvider } from './queue/jobs-context';
import { AppHeader } from './shell/app-header';
import { ConnectionBanner } from './shell/connection-banner';
import { ROUTES, ROUTE_IDS } from './shell/routes';
import { SettingsProvider } from './shell/settings-context';
import { useRoute } from './shell/use-route';

function Shell() {
  const { t } = useTranslation();
  const [current] = useRoute(ROUTE_IDS, 'grab');
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <AppHeader current={current} />
      <ConnectionBanner />
      <main id="main" className="app-main" tabIndex={-1}>
        {/* Screens stay mounted (hidden) so a preview or a scroll position survives a tab switch. */}
        {ROUTES.map(({ id, labelKey, Screen }) => (
          <section key={id} className="screen" hidden={id !== current} aria-label={t(labelKey)} data-screen={id}>
            <h1 className="visually-hidden">{t(labelKey)}</h1>
            <Screen />
          </section>
        ))}
      </main>
    </div>
  );
}

interface AppProps {
  client: TroveClient;
  i18n: I18n;
  settings: Settings;
}

export function App({ client, i18n, settings }: AppProps) {
  return (
    <ClientContext.Provider value={client}>
      <I18nextProvider i18n={i18n}>
        <SettingsProvider initial={settings}>
          <JobsProvider>
            <Shell />
          </JobsProvider>
        </SettingsProvider>
      </I18nextProvider>
    </ClientContext.Provider>
  );
}
