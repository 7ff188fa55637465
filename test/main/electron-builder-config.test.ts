import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

/*
 * electron-builder.yml is checked with electron-builder's own loader and schema (the
 * packaging itself downloads Electron and cannot run here). These are internal modules
 * of app-builder-lib: an upgrade that moves them fails this test loudly, not silently.
 */
const require = createRequire(import.meta.url);
interface BuilderConfig {
  appId?: string;
  asarUnpack?: string[];
  linux?: { target?: string[] };
  mac?: { target?: string };
  win?: { target?: string };
  electronFuses?: Record<string, boolean>;
}
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };

describe('electron-builder.yml', () => {
  it('is valid for electron-builder and builds the four installers', async () => {
    const config = await getConfig(process.cwd(), null, null);
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.mac?.target).toBe('dmg');
    expect(config.win?.target).toBe('nsis');
  });

  it('unpacks the native modules and ffmpeg from the asar archive', async () => {
    const config = await getConfig(process.cwd(), null, null);
    expect(config.asarUnpack).toEqual(
      expect.arrayContaining([
        'node_modules/better-sqlite3/**',
        'node_modules/keytar/**',
        'node_modules/ffmpeg-static/**',
        'node_modules/@ffmpeg-installer/*/ffmpeg*',
      ]),
    );
  });

  it('flips the Electron fuses that would let others run code inside the app', async () => {
    const config = await getConfig(process.cwd(), null, null);
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('rejects an invalid configuration (the check can fail)', async () => {
    const config = await getConfig(process.cwd(), null, null);
    await expect(validateConfiguration({ ...config, linux: { target: ['AppImage'], bogus: 1 } as never }, new DebugLogger(false))).rejects.toThrow(
      /configuration/,
    );
  });
});
