import { controlChannel } from './control-channel';
import { protocol } from './protocol';
import { record } from './recorder';

/*
 * session.defaultSession (docs/api/session.md). The permission handlers are kept and asked
 * the way Electron asks them: requests with (webContents, permission, callback, details),
 * checks with (webContents, permission, requestingOrigin, details). Chromium here has no
 * hook that routes the page's own permission prompts to Node, so tests ask through the
 * control channel with the window's webContents and URL.
 */

type RequestHandler = (contents: unknown, permission: string, callback: (granted: boolean) => void, details: Record<string, unknown>) => void;
type CheckHandler = (contents: unknown, permission: string, requestingOrigin: string, details: Record<string, unknown>) => boolean;

let requestHandler: RequestHandler | null = null;
let checkHandler: CheckHandler | null = null;

/** Set by web-contents.ts: the first window's webContents and its current URL. */
let currentContents: () => { contents: unknown; url: string } | undefined = () => undefined;
export function setPermissionTarget(target: typeof currentContents): void {
  currentContents = target;
}

const originOf = (url: string): string => {
  const parsed = URL.parse(url);
  return parsed ? `${parsed.protocol}//${parsed.host}` : '';
};

export const defaultSession = {
  protocol,
  setPermissionRequestHandler(handler: RequestHandler | null): void {
    requestHandler = handler;
  },
  setPermissionCheckHandler(handler: CheckHandler | null): void {
    checkHandler = handler;
  },
  setDevicePermissionHandler(handler: unknown): void {
    record('session.setDevicePermissionHandler', typeof handler);
  },
  webRequest: {
    /** Recorded only: the stand-in applies it to no response (it matters with a dev server only). */
    onHeadersReceived(listener: unknown): void {
      record('session.webRequest.onHeadersReceived', listener !== null);
    },
  },
};

export const session = { defaultSession };

controlChannel.on('permission.request', async ({ permission, url }) => {
  const target = currentContents();
  const requestingUrl = url ?? target?.url ?? '';
  // Without a handler Electron grants every request (docs/api/session.md setPermissionRequestHandler).
  if (!requestHandler) return true;
  const handler = requestHandler;
  return new Promise<boolean>((resolve) => {
    handler(target?.contents, permission, resolve, { requestingUrl, isMainFrame: true });
  });
});

controlChannel.on('permission.check', ({ permission, url }) => {
  const target = currentContents();
  const requestingUrl = url ?? target?.url ?? '';
  if (!checkHandler) return true;
  return checkHandler(target?.contents, permission, originOf(requestingUrl), { requestingUrl, isMainFrame: true });
});
