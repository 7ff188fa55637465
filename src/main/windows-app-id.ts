import type { App } from 'electron';
import builderIdentity from './app-id.json';

/** The app id electron-builder gives the installer (electron-builder.yml extends app-id.json). */
export const APP_ID: string = builderIdentity.appId;

/**
 * Windows ties notifications and the taskbar button to an AppUserModelId. The installer
 * registers its shortcut under electron-builder's appId; unless the running app claims the
 * same id, its notifications show no app name and a click on one does not reach it.
 * The method exists only on Windows.
 */
export function claimInstallerAppId(app: Pick<App, 'setAppUserModelId'>, platform: NodeJS.Platform): void {
  if (platform === 'win32') app.setAppUserModelId(APP_ID);
}
