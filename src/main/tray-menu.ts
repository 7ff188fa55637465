import type { QueueSummary } from './queue-summary';

/** What the tray's context menu shows: its status line and which actions are enabled. */
export interface TrayMenuState {
  status: string;
  canPause: boolean;
  canResume: boolean;
}

function statusLine(summary: QueueSummary): string {
  const { counts } = summary;
  const running = counts.extracting + counts.downloading + counts.processing;
  if (summary.pending === 0 && counts.paused === 0) return 'Queue idle';
  const parts = [`${running} downloading`, `${counts.queued} waiting`];
  if (counts.paused > 0) parts.push(`${counts.paused} paused`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  return parts.join(', ');
}

export function trayMenuState(summary: QueueSummary): TrayMenuState {
  return { status: statusLine(summary), canPause: summary.pending > 0, canResume: summary.counts.paused > 0 };
}

/** The tooltip: the status line, and how far the running downloads are. */
export function trayToolTip(summary: QueueSummary): string {
  const percent = summary.progress === undefined ? '' : ` (${Math.floor(summary.progress * 100)}%)`;
  return `Trove: ${statusLine(summary)}${percent}`;
}

/** The parts of Electron's Tray an update touches; M is its Menu. */
export interface TrayTarget<M> {
  setToolTip(text: string): void;
  setContextMenu(menu: M): void;
}

/**
 * Applies each queue summary to the tray. The tooltip follows every summary; the context
 * menu is rebuilt only when what it shows changes, because setting a menu closes one the
 * user has open (GNOME) and a running download sends a summary twice a second.
 */
export function trayUpdater<M>(tray: TrayTarget<M>, buildMenu: (state: TrayMenuState) => M): (summary: QueueSummary) => void {
  let shown: TrayMenuState | undefined;
  return (summary) => {
    tray.setToolTip(trayToolTip(summary));
    const state = trayMenuState(summary);
    if (shown && shown.status === state.status && shown.canPause === state.canPause && shown.canResume === state.canResume) return;
    shown = state;
    tray.setContextMenu(buildMenu(state));
  };
}
