import { Notification } from 'electron';
import { notifier } from './notifier';

/** The app's one notifier: native notifications that stay clickable (see notifier.ts). */
export const notify = notifier(Notification);
