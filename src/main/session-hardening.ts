import type { Session } from 'electron';
import { originOf } from './app-origin';

/** The part of Electron's Session that decides permissions. */
export type PermissionSession = Pick<Session, 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'>;

/**
 * The one permission web content gets: fullscreen, for the library's video player, and only
 * for the app's own pages. Trove needs no camera, microphone, location, notifications from
 * the page, clipboard, MIDI, USB, HID or serial access: everything else is denied.
 */
export function isPermissionGranted(permission: string, requestingUrl: string, trustedOrigin: string): boolean {
  return permission === 'fullscreen' && originOf(requestingUrl) === trustedOrigin;
}

/**
 * Installs the policy on both paths Chromium asks by: requests (a page calling
 * requestFullscreen()) and checks (a page asking whether it may), plus device access.
 */
export function hardenPermissions(session: PermissionSession, trustedOrigin: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(isPermissionGranted(permission, details.requestingUrl, trustedOrigin)),
  );
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => isPermissionGranted(permission, requestingOrigin, trustedOrigin));
  session.setDevicePermissionHandler(() => false);
}
