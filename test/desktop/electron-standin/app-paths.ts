import { existsSync, readFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

/*
 * app.getPath as Electron resolves it on Linux for an unpackaged app
 * (docs/api/app.md "app.getPath(name)"; chromium's base/nix/xdg_util):
 * appData = $XDG_CONFIG_HOME or ~/.config, userData = appData/<app name>, where the name is
 * package.json's productName, else its name (docs/api/app.md "app.getName()").
 */

const packageSchema = z.object({ name: z.string(), productName: z.string().optional(), version: z.string() });

export interface AppPackage {
  appPath: string;
  name: string;
  version: string;
}

/** The app's folder: the nearest package.json above the main script, as `electron .` uses. */
export function findAppPackage(mainScript: string): AppPackage {
  let dir = path.dirname(path.resolve(mainScript));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${mainScript}`);
    dir = parent;
  }
  const parsed = packageSchema.parse(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
  return { appPath: dir, name: parsed.productName ?? parsed.name, version: parsed.version };
}

export function defaultPaths(appName: string): Map<string, string> {
  const home = homedir();
  const appData = process.env['XDG_CONFIG_HOME'] || path.join(home, '.config');
  const userData = path.join(appData, appName);
  return new Map([
    ['home', home],
    ['appData', appData],
    ['userData', userData],
    ['sessionData', userData],
    ['temp', tmpdir()],
    ['downloads', process.env['XDG_DOWNLOAD_DIR'] || path.join(home, 'Downloads')],
    ['documents', path.join(home, 'Documents')],
    ['music', path.join(home, 'Music')],
    ['pictures', path.join(home, 'Pictures')],
    ['videos', path.join(home, 'Videos')],
    ['desktop', path.join(home, 'Desktop')],
    ['logs', path.join(userData, 'logs')],
    ['crashDumps', path.join(userData, 'Crashpad')],
    ['exe', process.execPath],
    ['module', process.execPath],
  ]);
}
