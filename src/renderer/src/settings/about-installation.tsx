import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DiagnosticProblem, Diagnostics, FolderFacts } from '../../../shared/diagnostics';
import type { ErrorInfo } from '../../../shared/errors';
import { useClient } from '../api/client-context';
import { ErrorNotice } from '../errors/error-notice';
import { formatBytes } from '../format/format';

type Check = { kind: 'checking' } | { kind: 'done'; diagnostics: Diagnostics } | { kind: 'failed'; error: ErrorInfo };

const BACKEND_NAMES: Record<Exclude<Diagnostics['keychain']['backend'], 'none'>, string> = {
  keytar: 'keytar',
  'napi-rs-keyring': '@napi-rs/keyring',
};

/** A keychain that is not needed (the key comes from TROVE_API_KEY) has a fix of its own. */
const fixKey = (problem: DiagnosticProblem): string =>
  problem.code === 'keychain_unavailable' && !problem.essential ? 'about.problems.keychain_unavailable.fixWithKey' : `about.problems.${problem.code}.fix`;

/** One problem: what it is in the user's language, the engine's specifics, and the fix. */
function ProblemNotice({ problem }: { problem: DiagnosticProblem }) {
  const { t } = useTranslation();
  return (
    <li className={`notice ${problem.essential ? 'notice-error' : 'notice-warning'}`} data-testid="about-problem" data-code={problem.code}>
      <strong>{t(`about.problems.${problem.code}.title`)}</strong>
      <p className="small about-detail">{problem.message}</p>
      <p className="small">
        <span className="field-label">{t('about.fix')}</span> {t(fixKey(problem))}
      </p>
    </li>
  );
}

/**
 * Settings → About this installation: what `trove doctor` shows, from the same engine
 * command. Asked when the screen opens and again on request (after installing ffmpeg, say).
 */
export function AboutInstallation() {
  const { t, i18n } = useTranslation();
  const { api } = useClient();
  const [check, setCheck] = useState<Check>({ kind: 'checking' });

  const run = useCallback(async () => {
    setCheck({ kind: 'checking' });
    const answer = await api['app.diagnostics']({});
    setCheck(answer.ok ? { kind: 'done', diagnostics: answer.value } : { kind: 'failed', error: answer.error });
  }, [api]);
  useEffect(() => {
    void run();
  }, [run]);

  const folder = (facts: FolderFacts): string => {
    const room =
      facts.freeBytes !== null && facts.totalBytes !== null
        ? t('about.space', { free: formatBytes(facts.freeBytes, i18n.language), total: formatBytes(facts.totalBytes, i18n.language) })
        : t('about.spaceUnknown');
    const state = !facts.writable ? t('about.notWritable') : facts.exists ? undefined : t('about.notCreated');
    return state ? `${state} · ${room}` : room;
  };

  const facts = (diagnostics: Diagnostics): Array<{ term: string; value: string; detail?: string }> => {
    const { ffmpeg, keychain, key, service } = diagnostics;
    return [
      // Names of programs read the same in every language.
      { term: 'Trove', value: t('about.troveValue', { version: diagnostics.trove, platform: diagnostics.platform }) },
      { term: 'Node.js', value: diagnostics.node },
      ...(diagnostics.electron !== null ? [{ term: 'Electron', value: diagnostics.electron }] : []),
      ffmpeg
        ? { term: 'ffmpeg', value: `${ffmpeg.version} · ${t(`about.ffmpegSource.${ffmpeg.source}`)}`, detail: ffmpeg.path }
        : { term: 'ffmpeg', value: t('about.ffmpegNone') },
      {
        term: t('about.keychain'),
        value:
          keychain.backend === 'none'
            ? t('about.keychainNone')
            : t(keychain.works ? 'about.keychainWorks' : 'about.keychainBroken', { backend: BACKEND_NAMES[keychain.backend] }),
      },
      { term: t('key.label'), value: key ? (key.isSet ? t(`key.set.${key.source}`) : t('key.notSet')) : t('about.keyUnknown') },
      { term: t('about.dataFolder'), value: folder(diagnostics.dataFolder), detail: diagnostics.dataFolder.path },
      { term: t('about.downloadFolder'), value: folder(diagnostics.downloadFolder), detail: diagnostics.downloadFolder.path },
      { term: t('about.service'), value: t('about.serviceValue', { version: t(`settings.apiVersions.${service.apiVersion}`) }), detail: service.url },
      { term: t('about.sandbox'), value: service.sandbox ? t('about.sandboxOn') : t('about.sandboxOff') },
    ];
  };

  return (
    <div className="stack" data-testid="about-installation">
      <p className="small muted">{t('about.intro')}</p>
      {check.kind === 'failed' && <ErrorNotice error={check.error} title={t('about.failed')} />}
      {check.kind === 'done' && (
        <>
          <dl className="about-facts">
            {facts(check.diagnostics).map(({ term, value, detail }) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>
                  {value}
                  {detail !== undefined && <span className="mono small about-detail">{detail}</span>}
                </dd>
              </div>
            ))}
          </dl>
          {check.diagnostics.problems.length === 0 ? (
            <p className="small added-notice" role="status" data-testid="about-no-problems">
              {t('about.noProblems')}
            </p>
          ) : (
            <ul className="stack about-problems" aria-label={t('about.problemsLabel')}>
              {[...check.diagnostics.problems]
                .sort((a, b) => Number(b.essential) - Number(a.essential))
                .map((problem) => (
                  <ProblemNotice key={problem.code} problem={problem} />
                ))}
            </ul>
          )}
        </>
      )}
      <p className="small">
        <button type="button" className="button button-small" disabled={check.kind === 'checking'} onClick={() => void run()}>
          {check.kind === 'checking' ? t('about.checking') : t('about.checkAgain')}
        </button>
      </p>
    </div>
  );
}
