import { readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { trayIconFile } from '../../src/main/tray-icon';
import { DEEP_LINK_SCHEME } from '../../src/shared/deep-link';
import { APP_ID } from '../../src/main/windows-app-id';

/*
 * electron-builder.yml is checked with electron-builder's own loader and schema (the
 * packaging itself downloads Electron and cannot run here). These are internal modules
 * of app-builder-lib: an upgrade that moves them fails this test loudly, not silently.
 */
const require = createRequire(import.meta.url);
interface BuilderConfig {
  appId?: string;
  asarUnpack?: string[];
  extraResources?: Array<{ from: string; to: string }>;
  deb?: { depends?: string[] };
  linux?: { target?: string[] };
  mac?: { target?: string };
  win?: { target?: string };
  electronFuses?: Record<string, boolean>;
  files?: Array<string | { filter?: string[] }>;
  protocols?: Array<{ name: string; schemes: string[] }>;
}
const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<BuilderConfig>;
  validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>;
};
const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown };
type PackageMetadata = Record<string, unknown>;
const { readPackageJson } = require('app-builder-lib/out/util/packageMetadata.js') as {
  readPackageJson(file: string): Promise<PackageMetadata>;
};
const { AppInfo } = require('app-builder-lib/out/appInfo.js') as {
  AppInfo: new (info: { metadata: PackageMetadata; config: BuilderConfig; devMetadata: PackageMetadata }) => { id: string };
};
interface FpmMetaInfo {
  maintainer: string;
  url: string;
}
const { LinuxTargetHelper } = require('app-builder-lib/out/targets/LinuxTargetHelper.js') as {
  LinuxTargetHelper: new (packager: unknown) => { computeDesktopEntry(options: unknown): Promise<string> };
};
const FpmTarget = (require('app-builder-lib/out/targets/FpmTarget.js') as { default: { prototype: FpmPrototype } }).default;
interface FpmPrototype {
  getDefaultDepends(target: string): string[];
  computeFpmMetaInfoOptions(this: unknown): Promise<FpmMetaInfo>;
}

/**
 * What `electron-builder --linux deb` checks as it starts the deb (FpmTarget's own code): a
 * homepage and an author with an email, read the way electron-builder reads package.json.
 */
async function debMetadata(metadata: PackageMetadata, config: BuilderConfig): Promise<FpmMetaInfo> {
  // One package.json here: it is both the app's metadata and the project's (devMetadata).
  const info = { metadata, config, devMetadata: metadata, repositoryInfo: Promise.resolve(null) };
  const packager = { appInfo: new AppInfo(info), info };
  return FpmTarget.prototype.computeFpmMetaInfoOptions.call({ packager, options: config.deb ?? {} });
}

describe('electron-builder.yml', () => {
  it('declares the trove:// scheme the app handles, and the Linux desktop entry electron-builder writes claims it', async () => {
    const config = await getConfig(process.cwd(), null, null);
    expect(config.protocols?.flatMap((protocol) => protocol.schemes)).toEqual([DEEP_LINK_SCHEME]);
    // electron-builder's own desktop-entry writer, given what its Linux packager would hold for this config.
    const appInfo = { productName: 'Trove', sanitizedProductName: 'Trove' };
    const packager = { config, appInfo, executableName: 'trove', fileAssociations: [], platformSpecificBuildOptions: config.linux ?? {}, info: { metadata: {} } };
    const entry = await new LinuxTargetHelper(packager).computeDesktopEntry(config.linux ?? {});
    expect(entry).toMatch(/^MimeType=x-scheme-handler\/trove;$/m);
    // %U hands the link to the app on its command line (deepLinkArgument).
    expect(entry).toMatch(/^Exec=.* %U$/m);
  });

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
        'node_modules/@napi-rs/keyring*/**',
        'node_modules/ffmpeg-static/**',
        'node_modules/@ffmpeg-installer/*/ffmpeg*',
      ]),
    );
  });

  it("keeps @ffmpeg-installer/ffmpeg's stray .env and editor backups out of the app, but not its code", async () => {
    const config = await getConfig(process.cwd(), null, null);
    // The parent configuration (extends) makes electron-builder merge `files` into one FileSet.
    const patterns = (config.files ?? []).flatMap((entry) => (typeof entry === 'string' ? [entry] : (entry.filter ?? [])));
    const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
    const packaged = (file: string): boolean => !excluded.some((pattern) => path.matchesGlob(`node_modules/@ffmpeg-installer/ffmpeg/${file}`, pattern));
    const shipped = await readdir(path.join('node_modules', '@ffmpeg-installer', 'ffmpeg'));
    expect(shipped.filter((file) => !packaged(file)).sort()).toEqual(shipped.filter((file) => file === '.env' || file.endsWith('~')).sort());
    expect(shipped).toContain('.env');
    expect(packaged('index.js') && packaged('package.json')).toBe(true);
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

  it('has the package metadata a deb needs: a homepage and an author with an email', async () => {
    const config = await getConfig(process.cwd(), null, null);
    const metadata = await readPackageJson(path.resolve('package.json'));
    await expect(debMetadata(metadata, config)).resolves.toMatchObject({
      maintainer: expect.stringMatching(/^.+ <[^@\s]+@[^@\s]+>$/),
      url: expect.stringMatching(/^https:\/\//),
    });
    // The check can fail: this is the error the deb build stopped with before.
    await expect(debMetadata({ ...metadata, homepage: undefined }, config)).rejects.toThrow(/homepage/);
    await expect(debMetadata({ ...metadata, author: { name: 'Trove contributors' } }, config)).rejects.toThrow(/author 'email'/);
  });

  it("keeps electron-builder's default deb dependencies, which include libsecret for the keychain", async () => {
    const config = await getConfig(process.cwd(), null, null);
    // A `deb.depends` list would replace the defaults, not add to them.
    expect(config.deb?.depends).toBeUndefined();
    expect(FpmTarget.prototype.getDefaultDepends('deb')).toEqual(
      expect.arrayContaining(['libgtk-3-0', 'libnss3', 'libnotify4', 'xdg-utils', 'libsecret-1-0']),
    );
  });

  it('gives the installer the app id the main process claims on Windows', async () => {
    const config = await getConfig(process.cwd(), null, null);
    const metadata = await readPackageJson(path.resolve('package.json'));
    expect(config.appId).toBe(APP_ID);
    expect(new AppInfo({ metadata, config, devMetadata: metadata }).id).toBe(APP_ID);
  });

  it('ships the tray icon of every platform, with its @2x twin, where the main process looks', async () => {
    const config = await getConfig(process.cwd(), null, null);
    const shipped = (config.extraResources ?? []).map((entry) => entry.to);
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const file = trayIconFile(platform);
      expect(shipped).toEqual(expect.arrayContaining([file, file.replace(/\.png$/, '@2x.png')]));
    }
  });
});
