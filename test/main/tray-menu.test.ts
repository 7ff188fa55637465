import { describe, expect, it } from 'vitest';
import type { QueueSummary } from '../../src/main/queue-summary';
import { trayUpdater } from '../../src/main/tray-menu';
import type { TrayMenuState } from '../../src/main/tray-menu';

const summary = (counts: Partial<QueueSummary['counts']>, progress?: number): QueueSummary => {
  const all = { queued: 0, extracting: 0, downloading: 0, processing: 0, done: 0, failed: 0, paused: 0, canceled: 0, ...counts };
  return { counts: all, pending: all.queued + all.extracting + all.downloading + all.processing, progress };
};

/** Electron's Tray as far as an update goes: records tooltips and the menus it is given. */
function fakeTray(): { tips: string[]; menus: TrayMenuState[]; setToolTip(text: string): void; setContextMenu(menu: TrayMenuState): void } {
  const tray = {
    tips: [] as string[],
    menus: [] as TrayMenuState[],
    setToolTip: (text: string) => void tray.tips.push(text),
    setContextMenu: (menu: TrayMenuState) => void tray.menus.push(menu),
  };
  return tray;
}

describe('trayUpdater', () => {
  it('rebuilds the menu only when what it shows changes; the tooltip follows every update', () => {
    const tray = fakeTray();
    const update = trayUpdater(tray, (state) => state);
    update(summary({ downloading: 1, queued: 2 }, 0.1));
    update(summary({ downloading: 1, queued: 2 }, 0.25));
    update(summary({ downloading: 1, queued: 2 }, 0.5));
    expect(tray.menus).toEqual([{ status: '1 downloading, 2 waiting', canPause: true, canResume: false }]);
    expect(tray.tips).toEqual(['Trove: 1 downloading, 2 waiting (10%)', 'Trove: 1 downloading, 2 waiting (25%)', 'Trove: 1 downloading, 2 waiting (50%)']);

    update(summary({ downloading: 1, queued: 1, done: 1 }, 0.1));
    update(summary({ paused: 2 }));
    update(summary({ paused: 2 }));
    update(summary({ done: 3 }));
    expect(tray.menus).toEqual([
      { status: '1 downloading, 2 waiting', canPause: true, canResume: false },
      { status: '1 downloading, 1 waiting', canPause: true, canResume: false },
      { status: '0 downloading, 0 waiting, 2 paused', canPause: false, canResume: true },
      { status: 'Queue idle', canPause: false, canResume: false },
    ]);
    expect(tray.tips.at(-1)).toBe('Trove: Queue idle');
  });

  it('names failed jobs in the status line', () => {
    const tray = fakeTray();
    trayUpdater(tray, (state) => state)(summary({ queued: 1, failed: 2 }));
    expect(tray.menus[0]?.status).toBe('0 downloading, 1 waiting, 2 failed');
  });
});
