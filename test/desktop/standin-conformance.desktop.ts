import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NotificationInfo } from './electron-standin/control-protocol';
import { freshFolders, spawnMain } from './desktop-app';

/*
 * The stand-in against Electron 45's documented behaviour, the parts src/main depends on:
 * it stands in for a runtime and must be as honest as the sandbox is for the service.
 */

interface Seen {
  events: string[];
  [key: string]: unknown;
}

async function runConformanceMain(env: Record<string, string> = {}): Promise<Seen> {
  const folders = await freshFolders();
  const started = spawnMain({ folders, env, mainScript: path.resolve('test/desktop/fixtures/conformance-main.ts') });
  const code = await started.exited;
  const line = started.output().split('\n').find((candidate) => candidate.startsWith('{"'));
  if (code !== 0 || !line) throw new Error(`The conformance main ended with ${code}:\n${started.output()}`);
  return { ...(JSON.parse(line) as Seen), expectedUserData: folders.userData };
}

describe('the Electron stand-in', () => {
  it('behaves as Electron does where src/main depends on it', async () => {
    const seen = await runConformanceMain();
    // app: unpackaged, userData in $XDG_CONFIG_HOME/<package name>; ready only after the
    // main script ran; quit runs before-quit, will-quit, quit in order.
    expect(seen['isPackaged']).toBe(false);
    expect(seen['resourcesPath']).toBeNull();
    expect(seen['userData']).toBe(seen['expectedUserData']);
    expect(seen['readyBeforeMainScriptEnded']).toBe(false);
    expect(seen.events.indexOf('ready')).toBeLessThan(seen.events.indexOf('whenReady'));
    expect(seen.events.slice(-3)).toEqual(['before-quit', 'will-quit', 'quit']);
    // protocol: privileges only before ready; one handler per scheme.
    expect(seen['lateRegistration']).toBe('protocol.registerSchemesAsPrivileged should be called before app is ready');
    expect(seen['secondProtocolHandler']).toBe('Failed to register protocol: conf');
    // loadURL resolves at did-finish-load, after ready-to-show; the main process sees the custom-scheme URL.
    expect(seen.events.indexOf('ready-to-show')).toBeLessThan(seen.events.indexOf('loadURL resolved'));
    expect(seen.events.indexOf('did-finish-load')).toBeLessThan(seen.events.indexOf('loadURL resolved'));
    expect(seen['url']).toBe('conf://page/index.html#/start');
    expect(seen.events).not.toContain('will-navigate');
    // IPC: an invoke before any handler is rejected with Electron's own text.
    expect(seen['early']).toEqual({ ok: false, message: "Error invoking remote method 'conf:echo': Error: No handler registered for 'conf:echo'" });
    expect(seen['unknownChannel']).toBe("Error invoking remote method 'conf:nobody': Error: No handler registered for 'conf:nobody'");
    expect(seen['secondIpcHandler']).toBe("Attempted to register a second handler for 'conf:echo'");
    expect(seen['late']).toEqual({ input: { at: 'after load' }, senderUrl: 'conf://page/index.html#/start', senderIsMainFrame: true });
    expect(seen['pings']).toEqual([{ n: 1 }, { n: 2 }]);
    // The preload: sandboxed require, contextBridge only, main frame only.
    expect(seen['nodeRequire']).toBe('module not found: fs');
    expect(seen['secondExpose']).toBe('Cannot bind an API on top of an existing property on the window object');
    expect(seen['pageSawIpcRenderer']).toBe('undefined');
    expect(seen['frameSawApi']).toBe('undefined');
    // BrowserWindow: maximize() shows a hidden window (unfocused), which is why window-reveal.ts waits.
    expect(seen['maximizedHidden']).toEqual({ visible: true, focused: false, events: ['show', 'maximize'] });
    // The one documented difference: the page's own origin is the mapped one (scheme-url.ts).
    expect(seen['pageOrigin']).toBe('http://page.conf.localhost');
  });

  it('gives the single-instance lock to one process and passes the arguments of the second to it', async () => {
    const folders = await freshFolders();
    const script = path.resolve('test/desktop/fixtures/single-instance-main.ts');
    const first = spawnMain({ folders, mainScript: script });
    await first.cdpEndpoint;
    const second = spawnMain({ folders, mainScript: script, env: { CONF_ROLE: 'second' } });
    expect(await second.exited).toBe(0);
    expect(second.output()).toContain('lock: false');
    await first.control({ type: 'quit' });
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('lock: true');
    expect(first.output()).toMatch(/second-instance: .*single-instance-main\.ts.* {"role":"second"}/);
  });

  it('lets a notification the app dropped be garbage-collected with its click handler, as Electron does', async () => {
    const started = spawnMain({
      folders: await freshFolders(),
      mainScript: path.resolve('test/desktop/fixtures/notification-main.ts'),
    });
    await started.cdpEndpoint;
    await expect.poll(async () => (await started.control<NotificationInfo[]>({ type: 'notifications' })).length).toBe(2);
    await started.control({ type: 'gc' });
    const [kept, dropped] = await started.control<NotificationInfo[]>({ type: 'notifications' });
    expect(kept).toMatchObject({ title: 'kept', collected: false, clickable: true });
    expect(dropped).toMatchObject({ title: 'dropped', collected: true });
    await started.control({ type: 'notification.click', index: 0 });
    await expect(started.control({ type: 'notification.click', index: 1 })).rejects.toThrow(/garbage-collected/);
    await started.control({ type: 'quit' });
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('clicked: kept');
    expect(started.output()).not.toContain('clicked: dropped');
  });

  it('plays a packaged app for what app.isPackaged decides when asked to', async () => {
    const seen = await runConformanceMain({ TROVE_STANDIN_PACKAGED: '1' });
    expect(seen['isPackaged']).toBe(true);
    expect(seen['resourcesPath']).toBe(path.resolve('resources'));
  });
});
