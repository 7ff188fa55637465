/*
 * The Content-Security-Policy of the renderer, shared by Electron (a response header on
 * the app's pages) and web mode (a header on the page). Scripts only from the app itself,
 * no inline script, no eval, no plugins, no framing, no forms, nothing but the app's own
 * transport for network calls.
 *
 * One deliberate opening: img-src allows https: (and the service's own origin when it is
 * plain http, as the local sandbox is) so a fresh extraction's preview images and avatars
 * show before anything is downloaded. The cost: showing a preview tells that image host
 * the user's IP, as any browser would. Images cannot run code, so script-src stays closed.
 */
export interface CspOptions {
  /** Extra sources for images (the media scheme, remote previews). */
  imageSources?: readonly string[];
  /** Extra sources for audio and video (the media scheme in Electron). */
  mediaSources?: readonly string[];
  /** Vite's dev server injects inline <style> and a React refresh <script>; builds never need this. */
  devServer?: boolean;
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'none'"],
    ['script-src', "'self'", ...(options.devServer ? ["'unsafe-inline'"] : [])],
    ['style-src', "'self'", ...(options.devServer ? ["'unsafe-inline'"] : [])],
    ['img-src', "'self'", 'data:', 'blob:', ...(options.imageSources ?? [])],
    ['media-src', "'self'", 'blob:', ...(options.mediaSources ?? [])],
    ['font-src', "'self'"],
    // 'self' covers the same-origin WebSocket in web mode (CSP Level 3).
    ['connect-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'none'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** Image sources for remote previews: any https host, plus the service's origin when it is plain http. */
export function remoteImageSources(serviceUrl: string): string[] {
  try {
    const url = new URL(serviceUrl);
    return url.protocol === 'http:' ? ['https:', url.origin] : ['https:'];
  } catch {
    return ['https:'];
  }
}
