import { useCallback, useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KeyStatus } from '../../../shared/contract';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { ErrorNotice } from '../errors/error-notice';
import { formatNumber } from '../format/format';
import { useContractEvent } from '../shell/use-contract-event';
import { KeyUnsavedNotice } from './key-unsaved-notice';

type Check = { kind: 'idle' } | { kind: 'checking' } | { kind: 'works'; credits: number } | { kind: 'failed'; error: ErrorInfo };

/**
 * Set, replace or clear the API key. The key goes to the engine once and never comes back:
 * this screen only learns whether one is set, where it comes from, and whether it works.
 */
export function ApiKeySection({ sandboxActive }: { sandboxActive: boolean }) {
  const { t, i18n } = useTranslation();
  const { api } = useClient();
  const id = useId();
  const [status, setStatus] = useState<KeyStatus | undefined>(undefined);
  const [statusError, setStatusError] = useState<ErrorInfo | undefined>(undefined);
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | undefined>(undefined);
  const [check, setCheck] = useState<Check>({ kind: 'idle' });

  const loadStatus = useCallback(async () => {
    const answer = await api['key.status']({});
    if (answer.ok) {
      setStatus(answer.value);
      setStatusError(undefined);
    } else {
      setStatusError(answer.error);
    }
  }, [api]);
  // Sandbox mode swaps the key in use: asked again when it turns on or off.
  useEffect(() => {
    void loadStatus();
  }, [loadStatus, sandboxActive]);
  useContractEvent('key.changed', setStatus);

  const test = async () => {
    setCheck({ kind: 'checking' });
    const answer = await api['credits.get']({ refresh: true });
    setCheck(answer.ok ? { kind: 'works', credits: answer.value.availableCredits } : { kind: 'failed', error: answer.error });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (draft.trim() === '') {
      setError({ code: 'invalid_key', message: t('key.empty') });
      return;
    }
    setBusy(true);
    setError(undefined);
    const answer = await api['key.set']({ key: draft });
    setBusy(false);
    if (answer.ok) {
      setStatus(answer.value);
      setDraft('');
      setCheck({ kind: 'idle' });
    } else {
      setError(answer.error);
    }
  };

  const clear = async () => {
    const answer = await api['key.clear']({});
    if (answer.ok) {
      setStatus(answer.value);
      setCheck({ kind: 'idle' });
    } else {
      setError(answer.error);
    }
  };

  // Never "Checking…" for good: a status that could not be read says so.
  const describe = !status ? t(statusError ? 'key.unreadable' : 'key.unknown') : status.isSet ? t(`key.set.${status.source}`) : t('key.notSet');
  return (
    <div className="stack setting" data-testid="api-key">
      <div className="row wrap">
        <span className="field-label grow">{t('key.label')}</span>
        <span className={`badge ${status?.isSet ? 'badge-success' : 'badge-warning'}`} data-testid="key-status">
          {describe}
        </span>
      </div>
      {sandboxActive && <p className="small muted">{t('key.sandboxNote')}</p>}
      {status?.unsaved && <KeyUnsavedNotice unsaved={status.unsaved} />}
      {statusError && <ErrorNotice error={statusError} title={t('key.statusFailed')} />}
      <form className="row wrap" onSubmit={(event) => void submit(event)}>
        <label htmlFor={id} className="visually-hidden">
          {status?.isSet ? t('key.replace') : t('key.add')}
        </label>
        <input
          id={id}
          className="input grow"
          type="password"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          placeholder={status?.isSet ? t('key.replacePlaceholder') : t('key.addPlaceholder')}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('key.checking') : status?.isSet ? t('key.replace') : t('key.add')}
        </button>
        <button type="button" className="button" disabled={check.kind === 'checking'} onClick={() => void test()}>
          {t('key.test')}
        </button>
        {(status?.source === 'keychain' || status?.source === 'session') && (
          <button type="button" className="button button-danger" onClick={() => void clear()}>
            {t('key.clear')}
          </button>
        )}
      </form>
      <p id={`${id}-hint`} className="small muted">
        {t('key.hint')}
      </p>
      {check.kind === 'works' && (
        <p className="small added-notice" role="status" data-testid="key-works">
          {t('key.works', { credits: formatNumber(check.credits, i18n.language) })}
        </p>
      )}
      {check.kind === 'failed' && <ErrorNotice error={check.error} title={t('key.failed')} />}
      {error && <ErrorNotice error={error} title={t('key.saveFailed')} />}
    </div>
  );
}
