import path from 'node:path';
import { Menu, Tray, nativeImage } from 'electron';
import type { BrowserWindow } from 'electron';
import type { Core } from '../core/core-api';
import type { QueueSummary } from './queue-summary';
import { trayIconFile } from './tray-icon';
import { trayUpdater } from './tray-menu';

export interface TrayControls {
  update(summary: QueueSummary): void;
  destroy(): void;
}

/**
 * The tray icon: queue status at a glance, pause/resume everything, and the taskbar (or
 * dock) progress bar for the whole queue, which lives on the window.
 */
export function createTray(resourcesDir: string, core: Core, getWindow: () => BrowserWindow | undefined, quit: () => void): TrayControls {
  const tray = new Tray(nativeImage.createFromPath(path.join(resourcesDir, trayIconFile(process.platform))));
  const showWindow = (): void => {
    const window = getWindow();
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  tray.on('click', showWindow);

  const updateTray = trayUpdater(tray, (state) =>
    Menu.buildFromTemplate([
      { label: state.status, enabled: false },
      { type: 'separator' },
      { label: 'Show Trove', click: showWindow },
      { label: 'Pause all', enabled: state.canPause, click: () => void core.call('jobs.pause', {}) },
      { label: 'Resume all', enabled: state.canResume, click: () => void core.call('jobs.resume', {}) },
      { type: 'separator' },
      { label: 'Quit Trove', click: quit },
    ]),
  );

  const update = (summary: QueueSummary): void => {
    updateTray(summary);
    const window = getWindow();
    // -1 removes the bar when nothing runs.
    if (window && !window.isDestroyed()) window.setProgressBar(summary.progress ?? -1);
  };
  return { update, destroy: () => tray.destroy() };
}
