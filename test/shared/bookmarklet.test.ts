import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { sendToTroveBookmarklet } from '../../src/shared/bookmarklet';
import { parseDeepLink } from '../../src/shared/deep-link';

/** Runs the bookmark's code as a browser does, on a page at `pageUrl`, and returns where it went. */
function click(bookmarklet: string, pageUrl: string): { assigned?: string; opened?: unknown[] } {
  const effects: { assigned?: string; opened?: unknown[] } = {};
  const location = {
    get href() {
      return pageUrl;
    },
    set href(value: string) {
      effects.assigned = value;
    },
  };
  const window = { open: (...args: unknown[]) => (effects.opened = args) };
  runInNewContext(decodeURIComponent(bookmarklet.replace(/^javascript:/, '')), { location, window, encodeURIComponent });
  return effects;
}

describe('the Send to Trove bookmarklet', () => {
  // As a browser's location.href gives it: already percent-encoded.
  const page = new URL('https://video.example/watch/abc?t=1&x=a b&y=ü#c').href;

  it('for the desktop app, sends the page through trove:// in the form the app accepts', () => {
    const { assigned } = click(sendToTroveBookmarklet({ kind: 'desktop' }), page);
    expect(assigned).toMatch(/^trove:\/\/grab\?url=/);
    expect(parseDeepLink(assigned ?? '')).toEqual({ ok: true, value: { kind: 'grab', url: page } });
  });

  it('for web mode, opens the UI\'s own origin on Grab in a new tab with no opener, and carries no token', () => {
    const code = sendToTroveBookmarklet({ kind: 'web', origin: 'http://127.0.0.1:8321/?token=secret#/settings' });
    expect(code).not.toContain('secret');
    const { opened } = click(code, 'https://video.example/watch/abc');
    expect(opened).toEqual([`http://127.0.0.1:8321/#/grab/${encodeURIComponent('https://video.example/watch/abc')}`, '_blank', 'noopener']);
  });
});
