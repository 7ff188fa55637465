/** The part of Electron's BrowserWindow that revealing it touches. */
export interface RevealableWindow {
  once(event: 'ready-to-show', listener: () => void): unknown;
  show(): void;
  maximize(): void;
}

/**
 * Shows the window once its page has painted (no blank frame), then maximizes it if it was
 * maximized last time. Not before: maximize() shows a hidden window at once, unpainted.
 */
export function revealWhenReady(window: RevealableWindow, maximized: boolean): void {
  window.once('ready-to-show', () => {
    window.show();
    if (maximized) window.maximize();
  });
}
