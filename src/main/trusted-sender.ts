import { originOf } from './app-origin';

/** What the main process knows about the frame an IPC message came from. */
export interface SenderFrame {
  /** The frame's current URL ('' when the frame was destroyed). */
  url: string;
  /** Whether it is the top frame of its page (not an iframe). */
  isMainFrame: boolean;
  /** Whether its page belongs to the app's own window. */
  inAppWindow: boolean;
}

/**
 * Only the main frame of our window, showing a page of our own origin, may call the
 * engine: an iframe, another window or a page navigated elsewhere gets nothing.
 */
export function isTrustedSender(frame: SenderFrame | null | undefined, trustedOrigin: string): boolean {
  if (!frame?.isMainFrame || !frame.inAppWindow) return false;
  return originOf(frame.url) === trustedOrigin;
}
