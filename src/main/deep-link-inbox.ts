import { parseDeepLink } from '../shared/deep-link';

/*
 * Links sent to the app from outside: trove:// on the first start's command line, handed
 * over by a second start, or macOS's open-url. A page can fire trove:// links as fast as
 * it likes, so they are checked, and handed to the window at most once per interval, the
 * latest one winning: a flood makes one Grab box fill, not a thousand window jumps. None of
 * them pays for anything; the user presses Preview.
 */

export interface DeepLinkInbox {
  /** A raw link from outside; a malformed or hostile one is dropped with a line in the log. */
  take(raw: string): void;
  /** The window has loaded: returns the link that came before (for its first page) and delivers the rest. */
  open(): string | undefined;
}

export interface InboxOptions {
  deliver: (url: string) => void;
  /** The shortest time between two deliveries. */
  intervalMs: number;
  log?: (line: string) => void;
  now?: () => number;
}

export function createDeepLinkInbox({ deliver, intervalMs, log = console.warn, now = Date.now }: InboxOptions): DeepLinkInbox {
  let opened = false;
  let pending: string | undefined;
  let lastDelivery = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;

  const flush = (): void => {
    timer = undefined;
    if (pending === undefined) return;
    const wait = lastDelivery + intervalMs - now();
    if (wait > 0) {
      timer = setTimeout(flush, wait);
      return;
    }
    const url = pending;
    pending = undefined;
    lastDelivery = now();
    deliver(url);
  };

  return {
    take(raw) {
      const parsed = parseDeepLink(raw);
      if (!parsed.ok) {
        // The reason only: the link itself may be long or built to mislead whoever reads the log.
        log(`Trove ignored a trove:// link: ${parsed.error.message}`);
        return;
      }
      pending = parsed.value.url;
      if (opened && timer === undefined) flush();
    },
    open() {
      opened = true;
      const first = pending;
      pending = undefined;
      if (first !== undefined) lastDelivery = now();
      return first;
    },
  };
}
