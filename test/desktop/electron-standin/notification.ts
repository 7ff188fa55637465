import { EventEmitter } from 'node:events';
import { controlChannel } from './control-channel';
import type { NotificationInfo } from './control-protocol';
import { record } from './recorder';

/*
 * Electron's Notification (docs/api/notification.md). Nothing reaches the desktop: each
 * notification is recorded and a test clicks it through the control channel. The record
 * holds the notification weakly, as the OS does in Electron: one the app dropped can be
 * garbage-collected with its click handler (electron/electron#11925, "keep a reference").
 */

interface NotificationOptions {
  title?: string;
  body?: string;
  silent?: boolean;
}

interface Entry {
  title: string;
  body: string;
  shown: boolean;
  ref: WeakRef<Notification>;
}

const entries: Entry[] = [];

export class Notification extends EventEmitter {
  static isSupported(): boolean {
    return true;
  }

  private readonly entry: Entry;

  constructor(options: NotificationOptions = {}) {
    super();
    this.entry = { title: options.title ?? '', body: options.body ?? '', shown: false, ref: new WeakRef(this) };
    entries.push(this.entry);
  }

  show(): void {
    this.entry.shown = true;
    record('notification.show', { title: this.entry.title, body: this.entry.body });
    this.emit('show');
  }

  close(): void {
    this.emit('close');
  }
}

const describe = (entry: Entry, index: number): NotificationInfo => {
  const live = entry.ref.deref();
  return { index, title: entry.title, body: entry.body, shown: entry.shown, clickable: (live?.listenerCount('click') ?? 0) > 0, collected: live === undefined };
};

controlChannel.on('notifications', () => entries.map(describe));

controlChannel.on('notification.click', ({ index }) => {
  const entry = entries[index];
  if (!entry) throw new Error(`No notification ${index}`);
  const live = entry.ref.deref();
  if (!live) throw new Error(`Notification ${index} was garbage-collected: its click handler is gone`);
  live.emit('click');
  return describe(entry, index);
});

controlChannel.on('gc', () => {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('Start the main process with --expose-gc');
  collect();
  return true;
});
