import { describe, expect, it } from 'vitest';
import { windowOptions } from '../../src/main/window-options';

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
      webviewTag: false,
    });
  });
});
