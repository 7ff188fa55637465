import type { BrowserWindowConstructorOptions } from 'electron';
import type { InitialBounds, SizeLimits } from './window-bounds';

export const WINDOW_SIZE: SizeLimits = { width: 1200, height: 800, minWidth: 800, minHeight: 560 };

/**
 * The one window's options, as a pure function so the security-relevant values are
 * unit-tested (Electron itself cannot be launched on the build machines).
 */
export function windowOptions(preloadPath: string, bounds?: InitialBounds): BrowserWindowConstructorOptions {
  const place = bounds?.x !== undefined && bounds.y !== undefined ? { x: bounds.x, y: bounds.y } : { center: true };
  return {
    width: bounds?.width ?? WINDOW_SIZE.width,
    height: bounds?.height ?? WINDOW_SIZE.height,
    ...place,
    minWidth: WINDOW_SIZE.minWidth,
    minHeight: WINDOW_SIZE.minHeight,
    show: false,
    title: 'Trove',
    backgroundColor: '#16181d',
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      webviewTag: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    },
  };
}
