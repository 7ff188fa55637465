/**
 * Whether the service moved to a plain-http origin that the page's Content-Security-Policy,
 * built when the page loaded, does not allow images from yet (the local sandbox's previews).
 */
export function needsNewImagePolicy(loadedFor: string, serviceUrl: string): boolean {
  try {
    const next = new URL(serviceUrl);
    return next.protocol === 'http:' && next.origin !== new URL(loadedFor).origin;
  } catch {
    return false;
  }
}
