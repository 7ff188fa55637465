import path from 'node:path';
import { app, session } from 'electron';
import type { BrowserWindow } from 'electron';
import { createCore } from '../core';
import type { Core } from '../core/core-api';
import { mediaRoots } from '../node-shared/media/media-roots';
import { contentSecurityPolicy, remoteImageSources } from '../node-shared/security/content-security-policy';
import { MEDIA_SCHEME, appOrigin, devServerUrl } from './app-origin';
import { addCspHeader, registerSchemes, serveAppPages } from './app-protocol';
import { DEEP_LINK_SCHEME, deepLinkArgument } from '../shared/deep-link';
import { createDeepLinkInbox } from './deep-link-inbox';
import { startSandbox } from '../sandbox';
import { watchClipboard } from './clipboard-watch';
import { desktopActions } from './desktop-actions';
import { bindIpc, sendEvent } from './ipc-handle';
import { createMainWindow } from './main-window';
import { serveMedia } from './media-protocol';
import { balanceNotice, jobNotice, subscriptionNotice } from './notices';
import { notify } from './notifications';
import { watchQueue } from './queue-watch';
import { createTray } from './tray';
import { hardenPermissions } from './session-hardening';
import { claimInstallerAppId } from './windows-app-id';

/*
 * The Electron face: binds the Core to one window over IPC. Everything decided here is a
 * pure function in a file of its own (tested under Node); this file only wires them.
 */

const devServer = devServerUrl(process.env, app.isPackaged);
const trustedOrigin = appOrigin(devServer);
const rendererDir = path.join(import.meta.dirname, '../renderer');
const resourcesDir = app.isPackaged ? process.resourcesPath : path.join(import.meta.dirname, '../../resources');

let core: Core | undefined;
let window: BrowserWindow | undefined;
let quitting = false;

function showWindow(): void {
  if (!window || window.isDestroyed()) return;
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
}

// "Send to Trove" (trove://grab?url=…): fills Grab's box; the user previews.
const deepLinks = createDeepLinkInbox({
  intervalMs: 1000,
  deliver: (url) => {
    showWindow();
    sendEvent(window, trustedOrigin, 'grab.requested', { url, preview: false });
  },
});

async function start(): Promise<void> {
  await app.whenReady();
  hardenPermissions(session.defaultSession, trustedOrigin);
  const defaultDownloadFolder = path.join(app.getPath('downloads'), 'Trove');
  const engine = await createCore({
    dataDir: app.getPath('userData'),
    defaultDownloadFolder,
    version: app.getVersion(),
    electronVersion: process.versions.electron,
    desktop: desktopActions(() => window),
    // Subscriptions run on their schedule while the app is open, in a window or in the tray.
    scheduleSubscriptions: {},
    // Sandbox mode (first run, Settings): sample media generated once into the app's data folder.
    startSandbox: async () => {
      const sandbox = await startSandbox({ port: 0, mediaCacheDir: path.join(app.getPath('userData'), 'sandbox-media') });
      return { url: sandbox.url, key: sandbox.keys[0] ?? '', close: () => sandbox.close() };
    },
  });
  core = engine;
  // At once: a subscription due when the app starts runs while the window is still loading, and says so too.
  engine.on('subscription.ran', (ran) => {
    const notice = subscriptionNotice(ran);
    if (notice) notify(notice, showWindow);
  });

  const initial = await engine.call('settings.get', {});
  let settings = initial.ok ? initial.value : undefined;
  engine.on('settings.changed', (next) => {
    settings = next;
  });
  const csp = (): string =>
    contentSecurityPolicy({
      imageSources: [`${MEDIA_SCHEME}:`, ...remoteImageSources(settings?.serviceUrl ?? '')],
      mediaSources: [`${MEDIA_SCHEME}:`],
      devServer: devServer !== undefined,
    });
  serveAppPages(rendererDir, csp);
  addCspHeader(trustedOrigin, csp);
  serveMedia(async () => mediaRoots(settings?.downloadFolder || defaultDownloadFolder, engine.dataDir));

  // Before the first load: the renderer asks for its settings as soon as its script runs.
  bindIpc(engine, () => window, trustedOrigin);
  const created = await createMainWindow({
    preloadPath: path.join(import.meta.dirname, '../preload/index.cjs'),
    stateFile: path.join(app.getPath('userData'), 'window-state.json'),
  });
  window = created;
  // Closing the window hides it: the queue keeps running in the tray until Quit.
  created.on('close', (event) => {
    if (quitting) return;
    event.preventDefault();
    created.hide();
  });
  // A link the app was started for opens with the first page, before any event could reach it.
  const firstLink = deepLinks.open();
  const firstRoute = firstLink === undefined ? '' : `#/grab/${encodeURIComponent(firstLink)}`;
  await created.loadURL(`${devServer ?? `${trustedOrigin}/index.html`}${firstRoute}`);

  const tray = createTray(resourcesDir, engine, () => window, () => app.quit());
  await watchQueue(engine, {
    summary: (summary) => tray.update(summary),
    transition: (previous, job) => {
      const notice = jobNotice(previous, job);
      if (notice) notify(notice, showWindow);
    },
  });
  engine.on('credits.alert', (alert) => notify(balanceNotice(alert), showWindow));
  await watchClipboard(engine, (link) => {
    showWindow();
    sendEvent(window, trustedOrigin, 'grab.requested', { url: link, preview: true });
  });
}

claimInstallerAppId(app, process.platform);
registerSchemes();
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  // Installed apps only: a development checkout must not take trove:// over from the installed app.
  // The packages also declare the scheme (electron-builder.yml's protocols); Windows needs this call.
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  const startLink = deepLinkArgument(process.argv);
  if (startLink !== undefined) deepLinks.take(startLink);
  // macOS hands links over by event, to the running app and at launch (before 'ready').
  app.on('open-url', (event, url) => {
    event.preventDefault();
    deepLinks.take(url);
  });
  // Windows and Linux start a second process with the link on its command line.
  app.on('second-instance', (_event, argv) => {
    showWindow();
    const link = deepLinkArgument(argv);
    if (link !== undefined) deepLinks.take(link);
  });
  app.on('activate', showWindow);
  app.on('before-quit', (event) => {
    if (!core || quitting) return;
    // Pause in-flight work and close the database before the process ends.
    quitting = true;
    event.preventDefault();
    const closing = core;
    core = undefined;
    void closing.close().finally(() => app.quit());
  });
  start().catch((error: unknown) => {
    console.error('Trove could not start:', error);
    app.exit(1);
  });
}
