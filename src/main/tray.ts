import path from 'node:path';
import { Menu, Tray, nativeImage } from 'electron';
import type { BrowserWindow } from 'electron';
import type { Core } from '../core/core-api';
import type { QueueSummary } from './queue-summary';

export interface TrayControls {
  update(summary: QueueSummary): void;
  destroy(): void;
}

const statusLine = (summary: QueueSummary): string => {
  const { counts } = summary;
  const running = counts.extracting + counts.downloading + counts.processing;
  if (summary.pending === 0 && counts.paused === 0) return 'Queue idle';
  const parts = [`${running} downloading`, `${counts.queued} waiting`];
  if (counts.paused > 0) parts.push(`${counts.paused} paused`);
  if (counts.failed > 0) parts.push(`${counts.failed} failed`);
  return parts.join(', ');
};

/**
 * The tray icon: queue status at a glance, pause/resume everything, and the taskbar (or
 * dock) progress bar for the whole queue, which lives on the window.
 */
export function createTray(resourcesDir: string, core: Core, getWindow: () => BrowserWindow | undefined, quit: () => void): TrayControls {
  const tray = new Tray(nativeImage.createFromPath(path.join(resourcesDir, 'tray-icon.png')));
  const showWindow = (): void => {
    const window = getWindow();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  tray.on('click', showWindow);

  const update = (summary: QueueSummary): void => {
    const line = statusLine(summary);
    tray.setToolTip(`Trove: ${line}`);
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: line, enabled: false },
        { type: 'separator' },
        { label: 'Show Trove', click: showWindow },
        { label: 'Pause all', enabled: summary.pending > 0, click: () => void core.call('jobs.pause', {}) },
        { label: 'Resume all', enabled: summary.counts.paused > 0, click: () => void core.call('jobs.resume', {}) },
        { type: 'separator' },
        { label: 'Quit Trove', click: quit },
      ]),
    );
    const window = getWindow();
    // -1 removes the bar when nothing runs.
    if (window && !window.isDestroyed()) window.setProgressBar(summary.progress ?? -1);
  };
  return { update, destroy: () => tray.destroy() };
}
