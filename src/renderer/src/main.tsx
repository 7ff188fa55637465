import { StrictMode } from 'react';
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
import { createI18n } from './i18n/i18n';

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('The page has no #root element.');
  const client = createClient();
  // Language and theme come from the settings before the first paint.
  const loaded = await client.api['settings.get']({});
  const settings = loaded.ok ? loaded.value : DEFAULT_SETTINGS;
  document.documentElement.dataset['theme'] = settings.theme;
  const i18n = await createI18n(settings.language);
  createRoot(root).render(
    <StrictMode>
      <App client={client} i18n={i18n} settings={settings} />
    </StrictMode>,
  );
}

void start();
