import { useTranslation } from 'react-i18next';
import { SANDBOX_SAMPLE_LINKS } from '../../../shared/sandbox-samples';
import { Icon } from '../design/icon';
import { useAppInfo } from '../shell/app-info-context';

/**
 * While sandbox mode is on (a first run without a key starts in it), the Grab screen says
 * plainly that everything is sample media and offers links the sandbox answers.
 */
export function SandboxNotice({ onLinks }: { onLinks: (links: string[]) => void }) {
  const { t } = useTranslation();
  const { info } = useAppInfo();
  if (!info?.sandbox.active) return null;
  return (
    <section className="notice notice-warning sandbox-notice" aria-labelledby="sandbox-notice-title" data-testid="sandbox-notice">
      <div className="row">
        <Icon name="warning" />
        <strong id="sandbox-notice-title">{t('sandbox.noticeTitle')}</strong>
      </div>
      <p>
        {t('sandbox.noticeBody')} <a href="#/settings">{t('sandbox.openSettings')}</a>
      </p>
      <div className="row wrap">
        <span className="small">{t('sandbox.tryLabel')}</span>
        {SANDBOX_SAMPLE_LINKS.map((sample) => (
          <button key={sample.kind} type="button" className="button button-small" title={sample.url} onClick={() => onLinks([sample.url])}>
            {t(`sandbox.sample.${sample.kind}`)}
          </button>
        ))}
      </div>
    </section>
  );
}
