import { DEEP_LINK_SCHEME } from './deep-link';

/*
 * The "Send to Trove" bookmarklet: dragged to the browser's bookmarks bar, a click hands the
 * page's own link over. It carries no secret: the desktop app is reached through trove://,
 * and web mode through its address, where the browser's cookie (set when the user first
 * opened the printed link with its token) lets the page in. The token never enters a
 * bookmark, so a synced or shared bookmarks bar gives nobody the server.
 */

export type SendTarget = { kind: 'desktop' } | { kind: 'web'; origin: string };

/** `javascript:` code, as a bookmark's address, that sends the current page to Trove. */
export function sendToTroveBookmarklet(target: SendTarget): string {
  const destination =
    target.kind === 'desktop'
      ? // The browser asks once whether to open Trove; the page stays where it is.
        `location.href=${JSON.stringify(`${DEEP_LINK_SCHEME}://grab?url=`)}+encodeURIComponent(location.href)`
      : // A new tab on the web UI's Grab screen, with the link in the address's fragment
        // (never sent to the server, so it lands in no log). noopener: the page gets no handle on it.
        `window.open(${JSON.stringify(`${new URL(target.origin).origin}/#/grab/`)}+encodeURIComponent(location.href),'_blank','noopener')`;
  return `javascript:void(${destination})`;
}
