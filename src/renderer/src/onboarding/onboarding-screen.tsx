import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { ErrorNotice } from '../errors/error-notice';
import { LANGUAGE_NAMES } from '../i18n/language-names';
import { UI_LANGUAGES } from '../../../shared/settings';
import type { UiLanguage } from '../../../shared/settings';
import { useAppInfo } from '../shell/app-info-context';
import { useSettings } from '../shell/settings-context';
import { parseServiceUrl } from '../settings/setting-values';

/**
 * First run: the service's address and an API key, checked with the free credit query
 * before anything is kept; or the built-in sandbox, to look around with sample media.
 */
export function OnboardingScreen() {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const { info, reload } = useAppInfo();
  const id = useId();
  const [serviceUrl, setServiceUrl] = useState(settings.serviceUrl);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState<'key' | 'sandbox' | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    const url = parseServiceUrl(serviceUrl);
    if (!url.ok) {
      setProblem(t(url.problem.key));
      return;
    }
    if (key.trim() === '') {
      setProblem(t('key.empty'));
      return;
    }
    setProblem(undefined);
    setError(undefined);
    setBusy('key');
    const saved = await api['settings.update']({ serviceUrl: url.value });
    // key.set asks the service for the balance (free) with this key before storing it.
    const stored = saved.ok ? await api['key.set']({ key }) : saved;
    if (stored.ok) await api['settings.update']({ onboarded: true });
    else setError(stored.error);
    setBusy(undefined);
  };

  const trySandbox = async () => {
    setError(undefined);
    setBusy('sandbox');
    const started = await api['app.sandbox']({ enabled: true });
    setBusy(undefined);
    if (started.ok) await reload();
    else setError(started.error);
  };

  return (
    <div className="onboarding">
      <div className="onboarding-card card stack" data-testid="onboarding">
        <div className="row wrap">
          <h1 className="grow">{t('onboarding.title')}</h1>
          <label className="row small">
            <span className="visually-hidden">{t('settings.language')}</span>
            <select
              className="input select"
              value={settings.language}
              aria-label={t('settings.language')}
              onChange={(event) => void api['settings.update']({ language: event.target.value as UiLanguage })}
            >
              {UI_LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {LANGUAGE_NAMES[language]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p>{t('onboarding.intro')}</p>

        <form className="stack onboarding-option" onSubmit={(event) => void connect(event)} aria-labelledby={`${id}-key-title`}>
          <h2 id={`${id}-key-title`}>{t('onboarding.keyTitle')}</h2>
          <div className="field">
            <label htmlFor={`${id}-url`}>{t('settings.serviceUrl')}</label>
            <input id={`${id}-url`} className="input" type="url" value={serviceUrl} onChange={(event) => setServiceUrl(event.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-key`}>{t('key.label')}</label>
            <input
              id={`${id}-key`}
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={key}
              aria-describedby={`${id}-key-hint`}
              onChange={(event) => setKey(event.target.value)}
            />
            <span id={`${id}-key-hint`} className="small muted">
              {t('onboarding.keyHint')}
            </span>
          </div>
          {problem && (
            <p className="small field-problem" role="alert">
              {problem}
            </p>
          )}
          <div>
            <button type="submit" className="button button-primary" disabled={busy !== undefined}>
              {busy === 'key' ? t('key.checking') : t('onboarding.connect')}
            </button>
          </div>
        </form>

        {info?.capabilities.sandbox && (
          <section className="stack onboarding-option onboarding-sandbox" aria-labelledby={`${id}-sandbox-title`}>
            <h2 id={`${id}-sandbox-title`}>{t('onboarding.sandboxTitle')}</h2>
            <p className="small">{t('onboarding.sandboxBody')}</p>
            <div>
              <button type="button" className="button" disabled={busy !== undefined} onClick={() => void trySandbox()} data-testid="start-sandbox">
                {busy === 'sandbox' ? t('onboarding.sandboxStarting') : t('onboarding.sandboxStart')}
              </button>
            </div>
          </section>
        )}
        {error && <ErrorNotice error={error} title={t('onboarding.failed')} />}
        <p className="small">
          <button type="button" className="link-button" onClick={() => void api['settings.update']({ onboarded: true })}>
            {t('onboarding.later')}
          </button>
        </p>
      </div>
    </div>
  );
}
