import { useTranslation } from 'react-i18next';
import type { JobView } from '../../../shared/jobs';
import { Icon } from '../design/icon';
import type { IconName } from '../design/icon';
import { useAppInfo } from '../shell/app-info-context';
import { jobActions } from './queue-filter';

export type JobAction = 'pause' | 'resume' | 'cancel' | 'retry' | 'top' | 'up' | 'down' | 'bottom' | 'open' | 'showInFolder';

interface JobRowActionsProps {
  job: JobView;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onAction: (job: JobView, action: JobAction) => void;
}

const PLAYABLE = /\.(mp4|m4v|mkv|webm|mov|mp3|m4a|aac|ogg|opus|wav|flac)$/i;

/**
 * Only what applies to the job as it is now: a finished job leads to its file (Open and
 * Show in folder where the face can; a browser cannot, so web mode offers the library's
 * player instead), a failed one to Retry, a waiting or running one to pause, cancel and
 * its place in the queue.
 */
export function JobRowActions({ job, canMoveUp, canMoveDown, onAction }: JobRowActionsProps) {
  const { t } = useTranslation();
  const { info } = useAppInfo();
  const actions = jobActions(job.state);
  const button = (action: JobAction, icon: IconName) => (
    <button
      key={action}
      type="button"
      className="button button-icon button-small"
      aria-label={t(`queue.actions.${action}`)}
      title={t(`queue.actions.${action}`)}
      onClick={() => onAction(job, action)}
      data-action={action}
    >
      <Icon name={icon} />
    </button>
  );
  const link = (href: string, label: string, icon: IconName, testId: string) => (
    <a key={testId} className="button button-icon button-small" href={href} aria-label={label} title={label} data-action={testId}>
      <Icon name={icon} />
    </a>
  );

  const first = job.files[0];
  const inLibrary = job.state === 'done' && job.libraryPostId !== undefined;
  return (
    <div className="job-actions" role="group" aria-label={t('queue.actions.label', { title: job.title })}>
      {inLibrary && first !== undefined && info?.capabilities.openPath && button('open', 'open')}
      {inLibrary && first !== undefined && info?.capabilities.showInFolder && button('showInFolder', 'folder')}
      {inLibrary && first !== undefined && PLAYABLE.test(first) && link(`#/library/${job.libraryPostId}/play`, t('queue.actions.play'), 'play', 'play')}
      {inLibrary && link(`#/library/${job.libraryPostId}`, t('queue.actions.showInLibrary'), 'grid', 'showInLibrary')}
      {actions.resume && button('resume', 'play')}
      {actions.pause && button('pause', 'pause')}
      {actions.retry && button('retry', 'retry')}
      {actions.cancel && button('cancel', 'close')}
      {canMoveUp && button('top', 'top')}
      {canMoveUp && button('up', 'up')}
      {canMoveDown && button('down', 'down')}
      {canMoveDown && button('bottom', 'bottom')}
    </div>
  );
}
