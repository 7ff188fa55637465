import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync } from 'node:fs';
import type { CDPSession, Page } from 'playwright-core';
import { app } from './app';
import { preventableEvent } from './electron-event';
import { ipcMain } from './ipc-main';
import { preloadScript } from './preload-script';
import { protocolRegistry, standardSchemes } from './protocol';
import { interceptPatterns, toChromiumUrl, toElectronUrl } from './scheme-url';

/*
 * Electron's webContents (docs/api/web-contents.md; lib/browser/api/web-contents.ts) on a
 * real Chromium page driven over CDP.
 */

interface PausedRequest {
  requestId: string;
  frameId: string;
  resourceType: string;
  request: { url: string; method: string; headers: Record<string, string>; postData?: string };
}

type OpenHandler = (details: { url: string; frameName: string; features: string; disposition: string }) => { action: 'allow' | 'deny' };

let nextContentsId = 1;

export class WebContents extends EventEmitter {
  readonly id = nextContentsId++;
  page: Page | undefined;
  private cdp: CDPSession | undefined;
  private mainFrameId = '';
  private destroyed = false;
  private openHandler: OpenHandler | undefined;
  private readonly openDecisions: ('allow' | 'deny')[] = [];
  /** The document request loadURL started: browser-initiated, so no will-navigate. */
  private appNavigation: string | undefined;
  private readonly binding = `__standinIpc_${randomBytes(6).toString('hex')}`;
  private readonly deliver = `__standinDeliver_${randomBytes(6).toString('hex')}`;
  readonly attached: Promise<void>;

  constructor(preloadPath: string | undefined, size: { width: number; height: number }) {
    super();
    this.attached = this.attach(preloadPath, size);
    // A window that failed to open must not leave loadURL waiting forever.
    this.attached.catch((error: unknown) => console.error('The stand-in could not open a window:', error));
  }

  private async attach(preloadPath: string | undefined, size: { width: number; height: number }): Promise<void> {
    const { context } = app.chromium();
    const page = await context.newPage();
    this.page = page;
    await page.setViewportSize(size);
    const cdp = await context.newCDPSession(page);
    this.cdp = cdp;
    const tree = await cdp.send('Page.getFrameTree');
    this.mainFrameId = tree.frameTree.frame.id;
    await cdp.send('Runtime.enable');
    await cdp.send('Page.enable');
    await cdp.send('Page.setLifecycleEventsEnabled', { enabled: true });
    await cdp.send('Runtime.addBinding', { name: this.binding });
    if (preloadPath) {
      const source = preloadScript(readFileSync(preloadPath, 'utf8'), this.binding, this.deliver);
      await cdp.send('Page.addScriptToEvaluateOnNewDocument', { source, runImmediately: true });
    }
    cdp.on('Runtime.bindingCalled', (event) => {
      if (event.name === this.binding) void this.onRendererMessage(event.payload, event.executionContextId);
    });
    cdp.on('Page.windowOpen', (event) => this.onWindowOpen(event));
    cdp.on('Fetch.requestPaused', (event) => void this.onRequest(event as PausedRequest));
    cdp.on('Page.lifecycleEvent', (event) => {
      if (event.frameId === this.mainFrameId && event.name === 'firstContentfulPaint') this.emit('-first-paint');
    });
    await this.armInterception();
    protocolRegistry.onChange(() => void this.armInterception());

    page.on('domcontentloaded', () => this.emit('dom-ready', preventableEvent()));
    page.on('load', () => {
      this.emit('did-finish-load', preventableEvent());
      this.emit('did-stop-loading', preventableEvent());
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.emit('did-navigate', preventableEvent(), this.getURL());
    });
    page.on('popup', (popup) => void this.onPopup(popup));
    page.on('console', (message) => this.emit('console-message', preventableEvent({ message: message.text(), level: message.type() })));
    page.on('crash', () => this.emit('render-process-gone', preventableEvent(), { reason: 'crashed', exitCode: 1 }));
  }

  /** Custom-scheme requests go to protocol.handle; main-frame documents pass will-navigate. */
  private async armInterception(): Promise<void> {
    if (!this.cdp || this.destroyed) return;
    const patterns = [
      ...interceptPatterns(protocolRegistry.handledSchemes()),
      { urlPattern: '*', resourceType: 'Document' as const, requestStage: 'Request' as const },
    ];
    await this.cdp.send('Fetch.enable', { patterns });
  }

  private async onRequest(paused: PausedRequest): Promise<void> {
    const cdp = this.cdp;
    if (!cdp) return;
    const electronUrl = toElectronUrl(paused.request.url, standardSchemes);
    const isMainDocument = paused.resourceType === 'Document' && paused.frameId === this.mainFrameId;
    try {
      if (isMainDocument) {
        // A request URL carries no fragment; loadURL's may.
        const fromApp = this.appNavigation?.split('#')[0] === paused.request.url;
        this.appNavigation = undefined;
        // will-navigate: renderer-initiated main-frame navigations only (docs/api/web-contents.md).
        if (!fromApp) {
          const event = preventableEvent({ url: electronUrl, isMainFrame: true, isSameDocument: false });
          this.emit('will-navigate', event, electronUrl);
          if (event.defaultPrevented) {
            await cdp.send('Fetch.failRequest', { requestId: paused.requestId, errorReason: 'Aborted' });
            return;
          }
        }
      }
      const scheme = (URL.parse(electronUrl)?.protocol ?? '').slice(0, -1);
      const handler = protocolRegistry.handler(scheme);
      if (!handler) {
        await cdp.send('Fetch.continueRequest', { requestId: paused.requestId });
        return;
      }
      const { method, headers, postData } = paused.request;
      const request = new Request(electronUrl, { method, headers, ...(postData && method !== 'GET' && method !== 'HEAD' ? { body: postData } : {}) });
      const response = await handler(request);
      const body = method === 'HEAD' ? Buffer.alloc(0) : Buffer.from(await response.arrayBuffer());
      await cdp.send('Fetch.fulfillRequest', {
        requestId: paused.requestId,
        responseCode: response.status,
        responseHeaders: [...response.headers].map(([name, value]) => ({ name, value })),
        body: body.toString('base64'),
      });
    } catch (error) {
      // A handler that throws fails the request, as a net error does in Electron.
      console.error(`protocol handler for ${electronUrl} failed:`, error);
      await cdp.send('Fetch.failRequest', { requestId: paused.requestId, errorReason: 'Failed' }).catch(() => undefined);
    }
  }

  /** Mirrors the '-ipc-invoke' and '-ipc-message' handling of lib/browser/api/web-contents.ts. */
  private async onRendererMessage(payload: string, contextId: number): Promise<void> {
    const message = JSON.parse(payload) as { kind: string; id?: number; channel: string; args: unknown[] };
    const event = {
      sender: this,
      senderFrame: { url: this.getURL(), parent: null, top: null, processId: 1, routingId: 1, frameTreeNodeId: 1 },
      processId: 1,
      frameId: 1,
    };
    if (message.kind === 'send') {
      ipcMain.emit(message.channel, event, ...message.args);
      return;
    }
    const reply = (answer: { result?: unknown; error?: string }): Promise<unknown> =>
      this.evaluate(`globalThis[${JSON.stringify(this.deliver)}]?.(${JSON.stringify({ kind: 'reply', id: message.id, ...answer })})`, contextId);
    const handler = ipcMain.invokeHandler(message.channel);
    try {
      if (!handler) throw new Error(`No handler registered for '${message.channel}'`);
      await reply({ result: await handler(event, ...message.args) });
    } catch (error) {
      console.error(`Error occurred in handler for '${message.channel}':`, error);
      await reply({ error: String(error) });
    }
  }

  /**
   * window.open and target=_blank: Electron asks the handler before any window exists.
   * Chromium reports the request (Page.windowOpen, with the URL) and then makes the page;
   * the handler's answer is taken at the report and a denied page is closed as soon as it
   * exists (docs/desktop.md).
   */
  private onWindowOpen(event: { url: string; windowName: string; windowFeatures: string[] }): void {
    const details = { url: toElectronUrl(event.url, standardSchemes), frameName: event.windowName, features: event.windowFeatures.join(','), disposition: 'new-window' };
    const decision = this.openHandler ? this.openHandler(details) : { action: 'allow' as const };
    this.openDecisions.push(decision.action);
  }

  private async onPopup(popup: Page): Promise<void> {
    if ((this.openDecisions.shift() ?? 'allow') === 'deny') await popup.close();
  }

  private async evaluate(expression: string, contextId?: number): Promise<unknown> {
    if (!this.cdp || this.destroyed) return undefined;
    // The document may be gone (navigated or closed): Electron drops such replies too.
    return this.cdp.send('Runtime.evaluate', { expression, ...(contextId ? { contextId } : {}) }).catch(() => undefined);
  }

  /** Resolves on did-finish-load, rejects on a main-frame did-fail-load (lib/browser/api/web-contents.ts loadURL). */
  async loadURL(url: string): Promise<void> {
    await this.attached;
    const page = this.page;
    if (!page) throw new Error('The window has no page');
    const target = toChromiumUrl(url, standardSchemes);
    this.appNavigation = target;
    await new Promise<void>((resolve, reject) => {
      const finished = (): void => {
        this.off('did-fail-load', failed);
        resolve();
      };
      const failed = (_event: unknown, code: number, description: string): void => {
        this.off('did-finish-load', finished);
        reject(Object.assign(new Error(`${description} (${code}) loading '${url}'`), { errno: code, code: description, url }));
      };
      this.once('did-finish-load', finished);
      this.once('did-fail-load', failed);
      page.goto(target, { waitUntil: 'commit' }).catch((error: unknown) => {
        const description = /net::(ERR_[A-Z_]+)/.exec(String(error))?.[1] ?? 'ERR_FAILED';
        this.emit('did-fail-load', preventableEvent(), description === 'ERR_ABORTED' ? -3 : -2, description, url, true);
      });
    });
  }

  getURL(): string {
    const url = this.page?.url() ?? '';
    return url === 'about:blank' ? '' : toElectronUrl(url, standardSchemes);
  }

  /** Structured-clonable arguments only, as Electron's IPC serializer requires. */
  send(channel: string, ...args: unknown[]): void {
    structuredClone(args);
    void this.evaluate(`globalThis[${JSON.stringify(this.deliver)}]?.(${JSON.stringify({ kind: 'event', channel, args })})`);
  }

  async executeJavaScript(code: string): Promise<unknown> {
    await this.attached;
    const result = await this.cdp?.send('Runtime.evaluate', { expression: code, awaitPromise: true, returnByValue: true });
    return result?.result.value;
  }

  setWindowOpenHandler(handler: OpenHandler): void {
    this.openHandler = handler;
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  async destroy(): Promise<void> {
    this.destroyed = true;
    await this.attached.catch(() => undefined);
    await this.page?.close().catch(() => undefined);
    this.emit('destroyed');
  }
}
