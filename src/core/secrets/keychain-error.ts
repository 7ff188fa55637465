import type { ErrorInfo } from '../../shared/errors';

/**
 * What can go wrong with the key store, as data. `keychain_unavailable`: there is no usable
 * OS keychain (no Secret Service, no D-Bus session, keytar not loadable); `keychain_error`:
 * the keychain is there but refused the operation; `invalid_key`: empty or absurd input.
 */
export type KeyStoreErrorCode = 'keychain_unavailable' | 'keychain_error' | 'invalid_key';
export interface KeyStoreError extends ErrorInfo {
  code: KeyStoreErrorCode;
  retryable: false;
}

const ENV_HINT = 'or set the TROVE_API_KEY environment variable instead';

// libsecret's and GLib's messages when no Secret Service can be reached, e.g. on a headless
// Linux box or over SSH: "Cannot autolaunch D-Bus without X11 $DISPLAY", "The name
// org.freedesktop.secrets was not provided by any .service files", "Could not connect: ...".
const NO_SECRET_SERVICE = [
  /autolaunch/i,
  /d-?bus/i,
  /org\.freedesktop\.secrets/i,
  /secret service/i,
  /could not connect/i,
  /message bus/i,
  /ServiceUnknown/i,
];
// The native module itself (or libsecret under it) is missing or built for another runtime.
const MODULE_MISSING = [/cannot find module/i, /ERR_MODULE_NOT_FOUND/, /shared object/i, /NODE_MODULE_VERSION/];

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Turns whatever keytar threw into a clear error that says what to do. */
export function keychainFailure(error: unknown, stage: 'load' | 'use'): KeyStoreError {
  const reason = reasonOf(error);
  if (stage === 'load' || MODULE_MISSING.some((pattern) => pattern.test(reason))) {
    return {
      code: 'keychain_unavailable',
      retryable: false,
      message: `The keychain module (keytar) could not be loaded (${reason}). On Linux install libsecret (libsecret-1-0) and a Secret Service such as gnome-keyring, ${ENV_HINT}.`,
    };
  }
  if (NO_SECRET_SERVICE.some((pattern) => pattern.test(reason))) {
    return {
      code: 'keychain_unavailable',
      retryable: false,
      message: `No keychain is available (${reason}). Trove keeps the API key in the system's Secret Service: install and start one in your desktop session (gnome-keyring, e.g. "sudo apt install gnome-keyring", or KWallet), ${ENV_HINT}.`,
    };
  }
  return {
    code: 'keychain_error',
    retryable: false,
    message: `The keychain refused the request (${reason}). Unlock the keychain and try again, ${ENV_HINT}.`,
  };
}
