import { describe, expect, it } from 'vitest';
import type { Keychain } from '../../../src/core/secrets/keychain';
import { mirroredKeychain } from '../../../src/core/secrets/mirrored-keychain';
import { memoryKeychain } from './helpers/memory-keychain';

// The two bindings as separate stores, as they are on Linux and Windows; the real ones
// against a Secret Service: keychain-interop.test.ts.
const broken = (message: string): Keychain => {
  const fail = () => Promise.reject(new Error(message));
  return { getPassword: fail, setPassword: fail, deletePassword: fail };
};

describe('mirroredKeychain', () => {
  it("writes both items and reads the fallback's first", async () => {
    const keytar = memoryKeychain();
    const keyring = memoryKeychain();
    await keytar.setPassword('Trove', 'api-key', 'older, from keytar alone');
    await keyring.setPassword('Trove', 'api-key', 'newer, saved by the fallback');
    const mirrored = mirroredKeychain(keytar, keyring);
    expect(await mirrored.getPassword('Trove', 'api-key')).toBe('newer, saved by the fallback');
    await mirrored.setPassword('Trove', 'api-key', 'both');
    expect([await keytar.getPassword('Trove', 'api-key'), await keyring.getPassword('Trove', 'api-key')]).toEqual(['both', 'both']);
  });

  it("falls back to keytar's own item and deletes both", async () => {
    const keytar = memoryKeychain();
    const keyring = memoryKeychain();
    const mirrored = mirroredKeychain(keytar, keyring);
    await keytar.setPassword('Trove', 'api-key', 'saved before the fallback existed');
    expect(await mirrored.getPassword('Trove', 'api-key')).toBe('saved before the fallback existed');
    await keyring.setPassword('Trove', 'api-key', 'copy');
    expect(await mirrored.deletePassword('Trove', 'api-key')).toBe(true);
    expect([await keytar.getPassword('Trove', 'api-key'), await keyring.getPassword('Trove', 'api-key')]).toEqual([null, null]);
    expect(await mirrored.deletePassword('Trove', 'api-key')).toBe(false);
  });

  it('keeps working on keytar alone when the second binding fails', async () => {
    const keytar = memoryKeychain();
    const mirrored = mirroredKeychain(keytar, broken('Platform failure: no session'));
    await mirrored.setPassword('Trove', 'api-key', 'k');
    expect(await mirrored.getPassword('Trove', 'api-key')).toBe('k');
    expect(await mirrored.deletePassword('Trove', 'api-key')).toBe(true);
    expect(await keytar.getPassword('Trove', 'api-key')).toBeNull();
  });

  it("passes keytar's own failures on", async () => {
    const mirrored = mirroredKeychain(broken('Cannot autolaunch D-Bus without X11 $DISPLAY'), memoryKeychain());
    await expect(mirrored.setPassword('Trove', 'api-key', 'k')).rejects.toThrow('Cannot autolaunch');
    await expect(mirrored.getPassword('Trove', 'api-key')).rejects.toThrow('Cannot autolaunch');
    await expect(mirrored.deletePassword('Trove', 'api-key')).rejects.toThrow('Cannot autolaunch');
  });
});
