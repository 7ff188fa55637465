import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { ErrorNotice } from '../errors/error-notice';
import { LANGUAGE_NAMES } from '../i18n/language-names';
import { DEFAULT_SETTINGS, UI_LANGUAGES } from '../../../shared/settings';
import type { UiLanguage } from '../../../shared/settings';
import { useAppInfo } from '../shell/app-info-context';
import { useSettings } from '../shell/settings-context';
import { KeyUnsavedNotice } from '../settings/key-unsaved-notice';
import { parseServiceUrl } from '../settings/setting-values';
import { InViewError } from '../errors/in-view-error';

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
  // The developer default is no address a user has: the field starts empty, with a placeholder to confirm.
  const [serviceUrl, setServiceUrl] = useState(settings.serviceUrl === DEFAULT_SETTINGS.serviceUrl ? '' : settings.serviceUrl);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState<'key' | 'sandbox' | undefined>(undefined);
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [error, setError] = useState<{ from: 'key' | 'sandbox'; info: ErrorInfo } | undefined>(undefined);
  const [unsaved, setUnsaved] = useState<NonNullable<KeyStatus['unsaved']> | undefined>(undefined);

  const finish = () => void api['settings.update']({ onboarded: true });

  const connect = async (event: FormEvent) => {
    event.preventDefault();
    const url = parseServiceUrl(serviceUrl);
    if (!url.ok) {
      setProblem(t(serviceUrl.trim() === '' ? 'onboarding.urlMissing' : url.problem.key));
      return;
    }
    if (key.trim() === '') {
      setProblem(t('key.empty'));
      return;
    }
    setProblem(undefined);
    setError(undefined);
    setBusy('key');
    // One call checks the address and the key together (the free credit query) and saves
    // both only when the check passes: a failed check leaves the settings as they were.
    const stored = await api['key.set']({ key, serviceUrl: url.value });
    setBusy(undefined);
    if (!stored.ok) setError({ from: 'key', info: stored.error });
    else if (stored.value.unsaved) setUnsaved(stored.value.unsaved);
    else finish();
  };

  const trySandbox = async () => {
    setError(undefined);
    setBusy('sandbox');
    const started = await api['app.sandbox']({ enabled: true });
    setBusy(undefined);
    if (!started.ok) {
      setError({ from: 'sandbox', info: started.error });
      return;
    }
    // Set up is done: after a restart the app opens on its screens, not on the welcome again.
    finish();
    await reload();
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
            <input
              id={`${id}-url`}
              className="input"
              type="url"
              value={serviceUrl}
              placeholder={t('onboarding.serviceUrlPlaceholder')}
              aria-describedby={`${id}-url-hint`}
              onChange={(event) => setServiceUrl(event.target.value)}
            />
            <span id={`${id}-url-hint`} className="small muted">
              {t('onboarding.serviceUrlHint')}
            </span>
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
            <InViewError>
              <p className="small field-problem">{problem}</p>
            </InViewError>
          )}
          <div>
            <button type="submit" className="button button-primary" disabled={busy !== undefined} aria-busy={busy === 'key'}>
              {busy === 'key' && <span className="spinner" aria-hidden="true" />}
              {busy === 'key' ? t('key.checking') : t('onboarding.connect')}
            </button>
          </div>
          {/* Next to the button that caused it, scrolled into view: at 800×600 it once landed below the fold. */}
          {error?.from === 'key' && (
            <InViewError>
              <ErrorNotice error={error.info} title={t('onboarding.failed')} />
            </InViewError>
          )}
          {unsaved && (
            <InViewError>
              <KeyUnsavedNotice unsaved={unsaved} />
              <button type="button" className="button button-primary" onClick={finish}>
                {t('onboarding.continue')}
              </button>
            </InViewError>
          )}
        </form>

        {info?.capabilities.sandbox && (
          <section className="stack onboarding-option onboarding-sandbox" aria-labelledby={`${id}-sandbox-title`}>
            <h2 id={`${id}-sandbox-title`}>{t('onboarding.sandboxTitle')}</h2>
            <p className="small">{t('onboarding.sandboxBody')}</p>
            <div>
              <button
                type="button"
                className="button"
                disabled={busy !== undefined}
                aria-busy={busy === 'sandbox'}
                onClick={() => void trySandbox()}
                data-testid="start-sandbox"
              >
                {busy === 'sandbox' && <span className="spinner" aria-hidden="true" />}
                {busy === 'sandbox' ? t('onboarding.sandboxStarting') : t('onboarding.sandboxStart')}
              </button>
            </div>
            {error?.from === 'sandbox' && (
              <InViewError>
                <ErrorNotice error={error.info} title={t('onboarding.failed')} />
              </InViewError>
            )}
          </section>
        )}
        <p className="small">
          <button type="button" className="link-button" onClick={finish}>
            {t('onboarding.later')}
          </button>
        </p>
      </div>
    </div>
  );
}
