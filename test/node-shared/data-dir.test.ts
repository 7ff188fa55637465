import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../src/node-shared/data-dir';

describe('defaultDataDir', () => {
  it('uses XDG_DATA_HOME on Linux', () => {
    expect(defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: '/data/me' }, homeDir: '/home/me' })).toBe('/data/me/trove');
  });

  it('falls back to ~/.local/share on Linux when XDG_DATA_HOME is unset, empty or relative', () => {
    for (const value of [undefined, '', 'relative/dir']) {
      expect(defaultDataDir({ platform: 'linux', env: { XDG_DATA_HOME: value }, homeDir: '/home/me' })).toBe('/home/me/.local/share/trove');
    }
  });

  it('uses Application Support on macOS', () => {
    expect(defaultDataDir({ platform: 'darwin', env: {}, homeDir: '/Users/me' })).toBe('/Users/me/Library/Application Support/Trove');
  });

  it('uses %APPDATA% on Windows, else the roaming folder under the profile', () => {
    expect(defaultDataDir({ platform: 'win32', env: { APPDATA: 'C:\\Users\\me\\AppData\\Roaming' }, homeDir: 'C:\\Users\\me' })).toBe(
      'C:\\Users\\me\\AppData\\Roaming\\Trove',
    );
    expect(defaultDataDir({ platform: 'win32', env: {}, homeDir: 'C:\\Users\\me' })).toBe('C:\\Users\\me\\AppData\\Roaming\\Trove');
  });

  it('treats other Unix systems like Linux', () => {
    expect(defaultDataDir({ platform: 'freebsd', env: {}, homeDir: '/home/me' })).toBe('/home/me/.local/share/trove');
  });
});
