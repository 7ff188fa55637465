/*
 * Chromium only treats a scheme as a real ("standard") origin when the embedder registers
 * it in C++ before start-up, which Electron does for registerSchemesAsPrivileged
 * (shell/app/electron_content_client.cc). Stock Chromium aborts a top-level navigation to
 * an unknown scheme before any request is made, so the stand-in loads the document of a
 * privileged standard scheme from `http://<host>.<scheme>.localhost/…` (a secure context:
 * *.localhost is potentially trustworthy) and answers it with the scheme's protocol.handle
 * handler through CDP Fetch interception. Every URL the main process sees (getURL,
 * senderFrame.url, will-navigate, the handler's request.url) is translated back, so
 * `trove-app://app/index.html` is what src/main works with. Subresources such as
 * `<video src="trove-media://…">` reach Fetch interception under their own scheme and
 * are not translated.
 */

const MAPPED_SUFFIX = '.localhost';

/** The URL Chromium loads for a main-process URL of a standard custom scheme. */
export function toChromiumUrl(url: string, standardSchemes: ReadonlySet<string>): string {
  const parsed = URL.parse(url);
  if (!parsed) return url;
  const scheme = parsed.protocol.slice(0, -1);
  if (!standardSchemes.has(scheme) || parsed.hostname === '') return url;
  return `http://${parsed.hostname}.${scheme}${MAPPED_SUFFIX}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The main-process URL for a URL Chromium reports (the inverse of toChromiumUrl). */
export function toElectronUrl(url: string, standardSchemes: ReadonlySet<string>): string {
  const parsed = URL.parse(url);
  if (!parsed || parsed.protocol !== 'http:' || !parsed.hostname.endsWith(MAPPED_SUFFIX) || parsed.port !== '') return url;
  const labels = parsed.hostname.slice(0, -MAPPED_SUFFIX.length).split('.');
  const scheme = labels.pop();
  if (!scheme || labels.length === 0 || !standardSchemes.has(scheme)) return url;
  return `${scheme}://${labels.join('.')}${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** Fetch.enable patterns that catch every request the registered schemes must answer. */
export function interceptPatterns(handledSchemes: Iterable<string>): { urlPattern: string; requestStage: 'Request' }[] {
  return [...handledSchemes].flatMap((scheme) => [
    { urlPattern: `${scheme}://*`, requestStage: 'Request' as const },
    { urlPattern: `http://*.${scheme}${MAPPED_SUFFIX}/*`, requestStage: 'Request' as const },
  ]);
}
