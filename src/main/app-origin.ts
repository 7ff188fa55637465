/** The scheme serving the app's own pages in production (see app-protocol.ts). */
export const APP_SCHEME = 'trove-app';
/** The scheme serving local thumbnails, avatars and library files (see media-protocol.ts). */
export const MEDIA_SCHEME = 'trove-media';
export const APP_HOST = 'app';

/**
 * `scheme://host[:port]` of a URL. URL#origin is "null" for custom schemes in Node, so the
 * origin is built from its parts; undefined for anything unparsable.
 */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.host === '' ? undefined : `${parsed.protocol}//${parsed.host}`;
  } catch {
    return undefined;
  }
}

/** Where the app's pages come from: the dev server in development, trove-app://app otherwise. */
export function appOrigin(devServerUrl: string | undefined): string {
  return (devServerUrl && originOf(devServerUrl)) || `${APP_SCHEME}://${APP_HOST}`;
}

/**
 * The dev server electron-vite names in ELECTRON_RENDERER_URL, honoured only by an app run
 * from a checkout. A packaged app ignores it: otherwise whoever starts the app could make
 * any page the trusted origin, with the whole API (it could point the service URL at itself
 * and receive the key).
 */
export function devServerUrl(env: NodeJS.ProcessEnv, isPackaged: boolean): string | undefined {
  return isPackaged ? undefined : env['ELECTRON_RENDERER_URL'];
}
