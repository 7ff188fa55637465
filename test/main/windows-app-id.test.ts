import { describe, expect, it } from 'vitest';
import { claimInstallerAppId } from '../../src/main/windows-app-id';

/** Electron's app, as far as the call goes: records the ids it is given. */
const fakeApp = (): { setAppUserModelId(id: string): void; ids: string[] } => {
  const ids: string[] = [];
  return { ids, setAppUserModelId: (id) => ids.push(id) };
};

describe('claimInstallerAppId', () => {
  it("claims electron-builder's appId on Windows", () => {
    const app = fakeApp();
    claimInstallerAppId(app, 'win32');
    expect(app.ids).toEqual(['app.trove.desktop']);
  });

  it('does nothing elsewhere (Electron has the method only on Windows)', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const app = fakeApp();
      claimInstallerAppId(app, platform);
      expect(app.ids).toEqual([]);
    }
  });
});
