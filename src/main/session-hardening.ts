import { session } from 'electron';

/**
 * Trove needs no camera, microphone, location, notifications-from-the-page, MIDI, USB,
 * HID or serial access: every permission request and check from web content is denied.
 */
export function denyAllPermissions(): void {
  const current = session.defaultSession;
  current.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  current.setPermissionCheckHandler(() => false);
  current.setDevicePermissionHandler(() => false);
}
