import type { ComponentType } from 'react';
import { BalanceScreen } from '../balance/balance-screen';
import { GrabScreen } from '../grab/grab-screen';
import { LibraryScreen } from '../library/library-screen';
import { QueueScreen } from '../queue/queue-screen';
import { SettingsScreen } from '../settings/settings-screen';
import { SubscriptionsScreen } from '../subscriptions/subscriptions-screen';
import { SubtitlesScreen } from '../subtitles/subtitles-screen';

/** The screens, in navigation order; the header, the router and the hash URLs follow this list. */
export const ROUTES = [
  { id: 'grab', labelKey: 'nav.grab', Screen: GrabScreen },
  { id: 'queue', labelKey: 'nav.queue', Screen: QueueScreen },
  { id: 'library', labelKey: 'nav.library', Screen: LibraryScreen },
  { id: 'subscriptions', labelKey: 'nav.subscriptions', Screen: SubscriptionsScreen },
  { id: 'subtitles', labelKey: 'nav.subtitles', Screen: SubtitlesScreen },
  { id: 'balance', labelKey: 'nav.balance', Screen: BalanceScreen },
  { id: 'settings', labelKey: 'nav.settings', Screen: SettingsScreen },
] as const satisfies ReadonlyArray<{ id: string; labelKey: string; Screen: ComponentType }>;

export type RouteId = (typeof ROUTES)[number]['id'];
export const ROUTE_IDS: readonly RouteId[] = ROUTES.map((route) => route.id);
