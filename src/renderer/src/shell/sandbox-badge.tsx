import { useTranslation } from 'react-i18next';
import { useAppInfo } from './app-info-context';

/** While sandbox mode is on, every screen says so: nothing here is real media or real credits. */
export function SandboxBadge() {
  const { t } = useTranslation();
  const { info } = useAppInfo();
  if (!info?.sandbox.active) return null;
  return (
    <a className="badge badge-warning sandbox-badge" href="#/settings" title={t('sandbox.title')} data-testid="sandbox-badge">
      {t('sandbox.badge')}
    </a>
  );
}
