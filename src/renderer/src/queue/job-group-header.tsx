import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../shared/jobs';
import { Icon } from '../design/icon';
import { ProgressBar } from '../design/progress-bar';
import { formatSpeed } from '../format/format';
import { JobRow } from './job-row';
import type { JobAction } from './job-row-actions';
import type { GroupProgress } from './queue-groups';

interface JobGroupHeaderProps {
  job: JobView;
  progress: GroupProgress;
  collapsed: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onAction: (job: JobView, action: JobAction) => void;
  onToggle: (id: number) => void;
}

/**
 * A profile or playlist job and, under it, how its posts are doing as one: done of all,
 * failures, overall speed, one bar. Its button folds the posts away (a profile's 30 rows
 * become this one) and opens them again, from the keyboard too.
 */
function JobGroupHeaderView({ job, progress, collapsed, canMoveUp, canMoveDown, onAction, onToggle }: JobGroupHeaderProps) {
  const { t, i18n } = useTranslation();
  const { total, done, failed, active, speed } = progress;
  return (
    <div className="job-group" data-testid="job-group" data-job-id={job.id} data-collapsed={collapsed}>
      <JobRow job={job} canMoveUp={canMoveUp} canMoveDown={canMoveDown} onAction={onAction} />
      <div className="job-group-bar small">
        <button type="button" className="button button-small job-group-toggle" aria-expanded={!collapsed} onClick={() => onToggle(job.id)}>
          <Icon name={collapsed ? 'down' : 'up'} />
          {collapsed ? t('queue.group.show', { count: total }) : t('queue.group.hide', { count: total })}
        </button>
        <span className="job-group-count" data-testid="job-group-summary">
          {t('queue.group.done', { done, total })}
          {failed > 0 && ` · ${t('queue.group.failed', { count: failed })}`}
          {active > 0 && ` · ${t('queue.summary.active', { count: active })}`}
          {speed > 0 && ` · ${formatSpeed(speed, i18n.language)}`}
        </span>
        <div className="grow">
          <ProgressBar value={total > 0 ? done / total : undefined} label={t('queue.group.progress', { title: job.title })} tone={failed > 0 ? 'failed' : done === total ? 'done' : 'default'} />
        </div>
      </div>
    </div>
  );
}

export const JobGroupHeader = memo(JobGroupHeaderView);
