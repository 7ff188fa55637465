import { EventEmitter } from 'node:events';
import { controlChannel } from './control-channel';
import { record } from './recorder';

/*
 * Electron's Tray and Menu (docs/api/tray.md, docs/api/menu.md): recorded, never shown.
 * The control channel clicks the tray icon or an item of its current context menu.
 */

interface MenuItemOptions {
  label?: string;
  type?: string;
  enabled?: boolean;
  click?: (...args: unknown[]) => void;
}

export class Menu {
  constructor(readonly items: MenuItemOptions[] = []) {}

  static buildFromTemplate(template: MenuItemOptions[]): Menu {
    return new Menu(template.map((item) => ({ enabled: true, ...item })));
  }

}

const trays = new Set<Tray>();

export class Tray extends EventEmitter {
  private menu: Menu | undefined;
  private destroyed = false;

  constructor(image: unknown) {
    super();
    trays.add(this);
    record('tray.new', String(image));
  }

  setToolTip(text: string): void {
    record('tray.setToolTip', text);
  }

  setImage(image: unknown): void {
    record('tray.setImage', String(image));
  }

  setContextMenu(menu: Menu | null): void {
    this.menu = menu ?? undefined;
    record('tray.setContextMenu', menu?.items.map(({ label, type, enabled }) => ({ label, type, enabled })) ?? null);
  }

  contextMenu(): Menu | undefined {
    return this.menu;
  }

  destroy(): void {
    this.destroyed = true;
    trays.delete(this);
    record('tray.destroy');
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }
}

const liveTray = (): Tray => {
  const tray = [...trays][0];
  if (!tray) throw new Error('No tray icon');
  return tray;
};

controlChannel.on('tray.click', () => {
  liveTray().emit('click', { preventDefault: () => undefined }, { x: 0, y: 0, width: 16, height: 16 });
  return true;
});

controlChannel.on('menu.click', ({ label }) => {
  const item = liveTray().contextMenu()?.items.find((candidate) => candidate.label === label);
  if (!item) throw new Error(`No tray menu item "${label}"`);
  // A disabled item cannot be clicked.
  if (item.enabled === false) throw new Error(`Tray menu item "${label}" is disabled`);
  item.click?.(item, undefined, {});
  return true;
});
