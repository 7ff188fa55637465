import type { NotificationConstructorOptions } from 'electron';
import type { Notice } from './notices';

/** The part of Electron's Notification class a notifier uses. */
export interface NotificationClass {
  isSupported(): boolean;
  new (options: NotificationConstructorOptions): ShownNotification;
}

interface ShownNotification {
  once(event: 'click', listener: () => void): unknown;
  once(event: 'close', listener: () => void): unknown;
  once(event: 'failed', listener: () => void): unknown;
  show(): void;
}

// Bounds what a desktop that never reports a close (some Linux notification daemons) can hold.
const MAX_KEPT = 50;

export type Notify = (notice: Notice, onClick?: () => void) => void;

/**
 * Shows native notifications where the OS supports them; `onClick` brings the user to it.
 * Electron does not keep a shown notification alive: when its JS object is garbage-collected,
 * its click handler goes with it and a click does nothing. So each is kept until it is
 * clicked, closed or fails (the oldest let go beyond MAX_KEPT).
 */
export function notifier(Notification: NotificationClass): Notify {
  const kept = new Set<ShownNotification>();
  return (notice, onClick) => {
    if (!Notification.isSupported()) return;
    const notification = new Notification({ title: notice.title, body: notice.body, silent: false });
    const release = (): void => void kept.delete(notification);
    notification.once('click', () => {
      release();
      onClick?.();
    });
    notification.once('close', release);
    notification.once('failed', release);
    kept.add(notification);
    const oldest = kept.values().next().value;
    if (kept.size > MAX_KEPT && oldest) kept.delete(oldest);
    notification.show();
  };
}
