import { clipboard } from 'electron';
import type { Core } from '../core/core-api';
import { offerableLink } from './clipboard-link';
import { clipboardLinkNotice } from './notices';
import { notify } from './notifications';

const POLL_MS = 1000;

/**
 * Optional (setting `clipboardWatching`, off by default): when a single http(s) link is
 * copied, a notification offers to preview it. Nothing is charged unless the user clicks,
 * and the click charges only the preview (as a paste would): `openInGrab` shows the link on
 * the Grab screen, with its size and quality choices, and downloading is the user's next step.
 * The clipboard is polled because no platform offers a change event to Electron.
 */
export async function watchClipboard(core: Core, openInGrab: (link: string) => void): Promise<() => void> {
  let timer: NodeJS.Timeout | undefined;
  let lastOffered: string | undefined;
  const poll = async (): Promise<void> => {
    const link = offerableLink(await clipboard.readText(), lastOffered);
    if (!link) return;
    lastOffered = link;
    notify(clipboardLinkNotice(link), () => openInGrab(link));
  };
  const apply = async (enabled: boolean): Promise<void> => {
    if (enabled && !timer) {
      timer = setInterval(() => void poll(), POLL_MS);
      // What is on the clipboard already was not copied for us: only later copies count.
      lastOffered = (await clipboard.readText()).trim();
    } else if (!enabled && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const settings = await core.call('settings.get', {});
  await apply(settings.ok && settings.value.clipboardWatching);
  const stop = core.on('settings.changed', (next) => void apply(next.clipboardWatching));
  return () => {
    stop();
    void apply(false);
  };
}
