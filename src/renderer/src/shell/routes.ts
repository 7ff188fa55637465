import type { ComponentType } from 'react';
import { GrabScreen } from '../grab/grab-screen';
import { QueueScreen } from '../queue/queue-screen';

/**
 * The screens, in navigation order. Library, Subtitles, Balance and Settings join this
 * list (issue 10); the header, the router and the hash URLs need no other change.
 */
export const ROUTES = [
  { id: 'grab', labelKey: 'nav.grab', Screen: GrabScreen },
  { id: 'queue', labelKey: 'nav.queue', Screen: QueueScreen },
] as const satisfies ReadonlyArray<{ id: string; labelKey: string; Screen: ComponentType }>;

export type RouteId = (typeof ROUTES)[number]['id'];
export const ROUTE_IDS: readonly RouteId[] = ROUTES.map((route) => route.id);
