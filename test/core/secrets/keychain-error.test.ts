import { describe, expect, it } from 'vitest';
import { keychainFailure } from '../../../src/core/secrets/keychain-error';

describe('keychainFailure', () => {
  it.each([
    'Cannot autolaunch D-Bus without X11 $DISPLAY',
    'The name org.freedesktop.secrets was not provided by any .service files',
    'Could not connect: No such file or directory',
    'Unable to autolaunch a dbus-daemon without a $DISPLAY for X11',
  ])('says what to install when there is no Secret Service: %s', (message) => {
    const failure = keychainFailure(new Error(message), 'use');
    expect(failure.code).toBe('keychain_unavailable');
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain(message);
    expect(failure.message).toContain('gnome-keyring');
    expect(failure.message).toContain('TROVE_API_KEY');
  });

  it('tells a missing native module apart', () => {
    const failure = keychainFailure(new Error("Cannot find module '../build/Release/keytar.node'"), 'load');
    expect(failure.code).toBe('keychain_unavailable');
    expect(failure.message).toContain('keytar');
    expect(failure.message).toContain('libsecret');
    expect(keychainFailure(new Error('libsecret-1.so.0: cannot open shared object file'), 'use').code).toBe('keychain_unavailable');
  });

  it('reports other refusals as keychain errors, still pointing at TROVE_API_KEY', () => {
    const failure = keychainFailure(new Error('Cancelled by user'), 'use');
    expect(failure.code).toBe('keychain_error');
    expect(failure.message).toContain('Cancelled by user');
    expect(failure.message).toContain('TROVE_API_KEY');
    expect(keychainFailure('a thrown string', 'use').message).toContain('a thrown string');
  });
});
