import type { ErrorCodes } from '../../shared/error-codes';
import type { ErrorInfo } from '../../shared/errors';

/**
 * What can go wrong with the key store, as data. `keychain_unavailable`: there is no usable
 * OS keychain (no Secret Service, no D-Bus session, no keychain module loadable);
 * `keychain_error`: the keychain is there but refused the operation; `invalid_key`: empty
 * or absurd input.
 */
export type KeyStoreErrorCode = ErrorCodes<'keychain_unavailable' | 'keychain_error' | 'invalid_key'>;
export interface KeyStoreError extends ErrorInfo {
  code: KeyStoreErrorCode;
  retryable: false;
}

/** A keychain failure in two parts: what is wrong and what to do (for `trove doctor`). */
export interface KeychainProblem {
  code: Exclude<KeyStoreErrorCode, 'invalid_key'>;
  problem: string;
  fix: string;
}

const ENV_HINT = 'or set the TROVE_API_KEY environment variable instead';

// Messages when no Secret Service can be reached, e.g. on a headless Linux box or over SSH.
// libsecret/GLib (keytar): "Cannot autolaunch D-Bus without X11 $DISPLAY", "The name
// org.freedesktop.secrets was not provided by any .service files", "Could not connect: ...";
// @napi-rs/keyring: "Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was
// disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead".
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

/** Says what whatever a keychain binding threw means, and what to do about it. */
export function keychainProblem(error: unknown, stage: 'load' | 'use'): KeychainProblem {
  const reason = reasonOf(error);
  if (stage === 'load' || MODULE_MISSING.some((pattern) => pattern.test(reason))) {
    return {
      code: 'keychain_unavailable',
      problem: `No keychain module could be loaded (${reason}).`,
      fix: `Reinstall Trove's dependencies ("npm install"; @napi-rs/keyring ships prebuilt binaries, keytar needs libsecret-1-dev to build), ${ENV_HINT}.`,
    };
  }
  if (NO_SECRET_SERVICE.some((pattern) => pattern.test(reason))) {
    return {
      code: 'keychain_unavailable',
      problem: `No keychain is available (${reason}).`,
      fix:
        'Trove keeps the API key in the system\'s Secret Service: start one in your desktop session (gnome-keyring, e.g. "sudo apt install gnome-keyring", or KWallet; ' +
        'on a headless machine run Trove inside "dbus-run-session" after "gnome-keyring-daemon --unlock --components=secrets"), ' +
        ENV_HINT +
        '.',
    };
  }
  return {
    code: 'keychain_error',
    problem: `The keychain refused the request (${reason}).`,
    fix: `Unlock the keychain and try again, ${ENV_HINT}.`,
  };
}

/** Turns whatever a keychain binding threw into a clear error that says what to do. */
export function keychainFailure(error: unknown, stage: 'load' | 'use'): KeyStoreError {
  const { code, problem, fix } = keychainProblem(error, stage);
  return { code, retryable: false, message: `${problem} ${fix}` };
}
