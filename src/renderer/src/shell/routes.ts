import type { ComponentType } from 'react';
import { BalanceScreen } from '../balance/balance-screen';
import { GrabScreen } from '../grab/grab-screen';
import { LibraryScreen } from '../library/library-screen';
import { QueueScreen } from '../queue/queue-screen';
import { SettingsScreen } from '../settings/settings-screen';
import { SubscriptionsScreen } from '../subscriptions/subscriptions-screen';
import { SubtitlesScreen } from '../subtitles/subtitles-screen';

/**
 * The screens, in navigation order; the header, the router and the hash URLs follow this list.
 * A screen mounts on its first visit, or at start when `atStart` (Grab listens for links sent
 * from outside the window, whichever screen is shown).
 */
export const ROUTES = [
  { id: 'grab', labelKey: 'nav.grab', Screen: GrabScreen, atStart: true },
  { id: 'queue', labelKey: 'nav.queue', Screen: QueueScreen },
  { id: 'library', labelKey: 'nav.library', Screen: LibraryScreen },
  { id: 'subscriptions', labelKey: 'nav.subscriptions', Screen: SubscriptionsScreen },
  { id: 'subtitles', labelKey: 'nav.subtitles', Screen: SubtitlesScreen },
  { id: 'balance', labelKey: 'nav.balance', Screen: BalanceScreen },
  { id: 'settings', labelKey: 'nav.settings', Screen: SettingsScreen },
] as const satisfies ReadonlyArray<{ id: string; labelKey: string; Screen: ComponentType; atStart?: true }>;

export type RouteId = (typeof ROUTES)[number]['id'];
export const ROUTE_IDS: readonly RouteId[] = ROUTES.map((route) => route.id);
export const START_ROUTE_IDS: readonly RouteId[] = ROUTES.filter((route) => 'atStart' in route).map((route) => route.id);
