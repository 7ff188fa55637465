import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useJobs } from '../queue/jobs-context';
import { countByFilter } from '../queue/queue-filter';
import { BalanceBadge } from './balance-badge';
import { ROUTES } from './routes';
import { SandboxBadge } from './sandbox-badge';
import type { RouteId } from './routes';

/** Brand, the sections, and the credit balance: on every screen. */
export function AppHeader({ current }: { current: RouteId }) {
  const { t } = useTranslation();
  const jobs = useJobs();
  const active = useMemo(() => countByFilter(jobs).active, [jobs]);
  return (
    <header className="app-header">
      <span className="brand" aria-hidden="true">
        {t('app.name')}
      </span>
      <nav aria-label={t('nav.label')}>
        <ul className="nav-list">
          {ROUTES.map((route) => (
            <li key={route.id}>
              <a className="nav-link" href={`#/${route.id}`} aria-current={route.id === current ? 'page' : undefined}>
                {t(route.labelKey)}
                {route.id === 'queue' && active > 0 && (
                  <span className="badge badge-accent nav-badge" aria-label={t('nav.queueBadge', { count: active })}>
                    {active}
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <span className="grow" />
      <SandboxBadge />
      <BalanceBadge />
    </header>
  );
}
