import { StrictMode } from 'react';
import type { i18n as I18n } from 'i18next';
import { createRoot } from 'react-dom/client';
import { DEFAULT_SETTINGS } from '../../shared/settings';
import { App } from './app';
import { createClient } from './api/client';
import './design/tokens.css';
import './design/base.css';
import './design/components.css';
import './design/layout.css';
import './design/patterns.css';
import './design/screens.css';
import './design/grab-list.css';
import { createI18n } from './i18n/i18n';
import { requestEarlyLibraryPage } from './library/early-library-page';
import { showStartError } from './start-error';

async function start(root: HTMLElement): Promise<void> {
  let i18n: I18n | undefined;
  try {
    const client = createClient();
    // Asked for now, so it is here (or on its way) when the library first renders.
    const earlyLibraryPage = requestEarlyLibraryPage(client.api, window.location.hash);
    // Language and theme come from the settings before the first paint.
    const loaded = await client.api['settings.get']({});
    const settings = loaded.ok ? loaded.value : DEFAULT_SETTINGS;
    document.documentElement.dataset['theme'] = settings.theme;
    i18n = await createI18n(settings.language);
    createRoot(root).render(
      <StrictMode>
        <App client={client} i18n={i18n} settings={settings} earlyLibraryPage={earlyLibraryPage} />
      </StrictMode>,
    );
  } catch (error) {
    console.error('Trove could not start:', error);
    showStartError(root, error, i18n);
  }
}

const root = document.getElementById('root');
if (root) void start(root);
else console.error('Trove could not start: the page has no #root element.');
