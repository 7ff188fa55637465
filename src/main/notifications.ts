import { Notification } from 'electron';
import type { Notice } from './notices';

/** Shows a native notification where the OS supports them; `onClick` brings the user to it. */
export function notify(notice: Notice, onClick?: () => void): void {
  if (!Notification.isSupported()) return;
  const notification = new Notification({ title: notice.title, body: notice.body, silent: false });
  if (onClick) notification.on('click', onClick);
  notification.show();
}
