import { describe, expect, it } from 'vitest';
import { WINDOW_SIZE, windowOptions } from '../../src/main/window-options';

describe('windowOptions', () => {
  it('isolates and sandboxes the renderer', () => {
    const preferences = windowOptions('/app/preload.cjs').webPreferences;
    expect(preferences).toMatchObject({
      preload: '/app/preload.cjs',
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
      // A file dropped on the window must reach the Grab screen, never navigate to file://.
      navigateOnDragDrop: false,
    });
  });

  it('opens hidden until ready, centred at the default size the first time', () => {
    const options = windowOptions('/p.cjs');
    expect(options).toMatchObject({ show: false, center: true, ...WINDOW_SIZE });
    expect(options).not.toHaveProperty('x');
  });

  it('reopens at the remembered place and size', () => {
    const options = windowOptions('/p.cjs', { x: 40, y: 30, width: 1000, height: 700, maximized: false });
    expect(options).toMatchObject({ x: 40, y: 30, width: 1000, height: 700, minWidth: 800, minHeight: 560 });
    expect(options).not.toHaveProperty('center');
  });
});
