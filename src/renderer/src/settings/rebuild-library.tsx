import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorInfo } from '../../../shared/errors';
import type { RebuildProgress, RebuildReport } from '../../../shared/library-rebuild';
import { useClient } from '../api/client-context';
import { ProgressBar } from '../design/progress-bar';
import { ErrorNotice } from '../errors/error-notice';
import { useContractEvent } from '../shell/use-contract-event';
import { useSettings } from '../shell/settings-context';

type Step = { kind: 'idle' } | { kind: 'asking' } | { kind: 'running'; progress?: RebuildProgress; stopping?: boolean } | { kind: 'done'; report: RebuildReport } | { kind: 'failed'; error: ErrorInfo };

/** A list of paths that may be long: the first few, and how many more (the CLI's --json has them all). */
function PathList({ title, paths }: { title: string; paths: readonly string[] }) {
  const { t } = useTranslation();
  if (paths.length === 0) return null;
  return (
    <details className="small">
      <summary>{title}</summary>
      <ul className="mono">
        {paths.slice(0, 50).map((path) => (
          <li key={path}>{path}</li>
        ))}
        {paths.length > 50 && <li>{t('rebuild.more', { count: paths.length - 50 })}</li>}
      </ul>
    </details>
  );
}

/**
 * "Rebuild the library from files…": asks once, then reads the download folder with its
 * progress, and says what came back, what is gone and what Trove did not write. Used in
 * Settings and in the notice shown when the library was damaged or missing at start.
 */
export function RebuildLibrary() {
  const { t } = useTranslation();
  const { api } = useClient();
  const settings = useSettings();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  useContractEvent('library.rebuildProgress', (progress) => setStep((current) => (current.kind === 'running' ? { ...current, progress } : current)));

  const run = async () => {
    setStep({ kind: 'running' });
    const answer = await api['library.rebuild']({});
    setStep(answer.ok ? { kind: 'done', report: answer.value } : { kind: 'failed', error: answer.error });
  };
  // The rebuild's own answer ends the step (its report says it stopped); this only asks.
  const stop = async () => {
    setStep((current) => (current.kind === 'running' ? { ...current, stopping: true } : current));
    await api['library.rebuildCancel']({});
  };
  const folder = settings.downloadFolder || t('settings.downloadFolderDefault');

  return (
    <div className="stack" data-testid="rebuild-library">
      {(step.kind === 'idle' || step.kind === 'done' || step.kind === 'failed') && (
        <p>
          <button type="button" className="button" onClick={() => setStep({ kind: 'asking' })}>
            {t('rebuild.open')}
          </button>
        </p>
      )}
      {step.kind === 'asking' && (
        <div className="notice stack" role="group" aria-label={t('rebuild.open')}>
          <p>{t('rebuild.explain', { folder })}</p>
          <p className="row">
            <button type="button" className="button button-primary" onClick={() => void run()}>
              {t('rebuild.start')}
            </button>
            <button type="button" className="button" onClick={() => setStep({ kind: 'idle' })}>
              {t('common.cancel')}
            </button>
          </p>
        </div>
      )}
      {step.kind === 'running' && (
        <div className="stack" role="status">
          <ProgressBar value={step.progress && step.progress.total > 0 ? step.progress.done / step.progress.total : undefined} label={t('rebuild.reading')} />
          <p className="row wrap">
            <span className="small grow">{step.progress ? t('rebuild.progress', { done: step.progress.done, total: step.progress.total }) : t('rebuild.scanning')}</span>
            {/* Not disabled while stopping: a disabled button drops the keyboard focus to <body>. */}
            <button type="button" className="button button-small" aria-disabled={step.stopping === true} onClick={() => void (step.stopping ? undefined : stop())} data-testid="rebuild-stop">
              {step.stopping ? t('rebuild.stopping') : t('rebuild.stop')}
            </button>
          </p>
        </div>
      )}
      {step.kind === 'done' && (
        <div className="notice stack" role="status" data-testid="rebuild-report">
          {step.report.stopped && (
            <p>
              <strong data-testid="rebuild-stopped">{t('rebuild.stopped')}</strong>
            </p>
          )}
          <p>
            {t('rebuild.done', { posts: step.report.postsAdded, files: step.report.filesAdded + step.report.filesMoved, subtitles: step.report.subtitlesAdded })}{' '}
            {step.report.postsFound > 0 && t('rebuild.found', { count: step.report.postsFound })}
          </p>
          <PathList title={t('rebuild.missing', { count: step.report.missing.length })} paths={step.report.missing} />
          <PathList title={t('rebuild.notTrove', { count: step.report.notTrove.length })} paths={step.report.notTrove} />
          <PathList title={t('rebuild.unreadable', { count: step.report.unreadable.length })} paths={step.report.unreadable.map((entry) => `${entry.path}: ${entry.message}`)} />
        </div>
      )}
      {step.kind === 'failed' && <ErrorNotice error={step.error} title={t('rebuild.failed')} />}
    </div>
  );
}
