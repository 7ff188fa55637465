import { describe, expect, it } from 'vitest';
import type { Keychain } from '../../../src/core/secrets/keychain';
import { describeKeychain } from '../../../src/core/secrets/keychain-report';
import { memoryKeychain } from './helpers/memory-keychain';

const missing = (name: string) => () => Promise.reject(new Error(`Cannot find module '${name}'`));
const holding = async (key: string): Promise<Keychain> => {
  const keychain = memoryKeychain();
  await keychain.setPassword('Trove', 'api-key', key);
  return keychain;
};
const refusing = (message: string): Keychain => {
  const fail = () => Promise.reject(new Error(message));
  return { getPassword: fail, setPassword: fail, deletePassword: fail };
};

describe('describeKeychain', () => {
  it('names keytar when it loads, and says it works without revealing the key', async () => {
    const report = await describeKeychain({ env: {}, modules: { keytar: () => holding('secret-key-1'), keyring: () => holding('secret-key-1') } });
    expect(report).toEqual({ backend: 'keytar', works: true });
    expect(JSON.stringify(report)).not.toContain('secret-key-1');
  });

  it('names @napi-rs/keyring when keytar did not install', async () => {
    expect(await describeKeychain({ env: {}, modules: { keytar: missing('keytar'), keyring: () => holding('k') } })).toEqual({
      backend: 'napi-rs-keyring',
      works: true,
    });
  });

  it('says neither binding loads, with both reasons and the fix', async () => {
    const report = await describeKeychain({ env: {}, modules: { keytar: missing('keytar'), keyring: missing('@napi-rs/keyring') } });
    expect(report).toMatchObject({ backend: 'none', works: false });
    expect(report.problem).toContain("keytar: Cannot find module 'keytar'");
    expect(report.problem).toContain("@napi-rs/keyring: Cannot find module '@napi-rs/keyring'");
    expect(report.fix).toContain('npm install');
    expect(report.fix).toContain('TROVE_API_KEY');
  });

  it('reports a binding that loads but finds no Secret Service, naming the fix', async () => {
    const noBus = 'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time';
    const report = await describeKeychain({ env: {}, modules: { keytar: missing('keytar'), keyring: async () => refusing(noBus) } });
    expect(report).toMatchObject({ backend: 'napi-rs-keyring', works: false });
    expect(report.problem).toContain(noBus);
    expect(report.fix).toContain('gnome-keyring');
    expect(report.fix).toContain('TROVE_API_KEY');
  });

  it('says nothing needs doing while TROVE_API_KEY is set', async () => {
    const report = await describeKeychain({ env: { TROVE_API_KEY: 'from-env' }, modules: { keytar: missing('keytar'), keyring: async () => refusing('Could not connect') } });
    expect(report.works).toBe(false);
    expect(report.fix).toMatch(/^Nothing to do while TROVE_API_KEY is set/);
    expect(JSON.stringify(report)).not.toContain('from-env');
  });

  it('says so when the keychain does not answer (a locked keychain waiting on its prompt)', async () => {
    const silent: Keychain = { ...memoryKeychain(), getPassword: () => new Promise<never>(() => undefined) };
    const report = await describeKeychain({ env: {}, timeoutMs: 50, modules: { keytar: async () => silent, keyring: missing('@napi-rs/keyring') } });
    expect(report).toMatchObject({ backend: 'keytar', works: false, problem: 'The keychain did not answer within 0.05 s.' });
    expect(report.fix).toContain('Unlock the keychain');
  });

  it('reads the item named by TROVE_KEYCHAIN_SERVICE', async () => {
    const asked: string[] = [];
    const keychain: Keychain = { ...memoryKeychain(), getPassword: async (service, account) => (asked.push(`${service}/${account}`), null) };
    await describeKeychain({ env: { TROVE_KEYCHAIN_SERVICE: 'Trove-profile' }, modules: { keytar: async () => keychain, keyring: missing('@napi-rs/keyring') } });
    expect(asked).toEqual(['Trove-profile/api-key']);
  });
});
