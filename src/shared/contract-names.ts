/*
 * The contract's names without its schemas: every command and event name, and the channel
 * names derived from them. The preload needs only these, and must stay one small file that
 * requires nothing but electron (zod alone would add 200 kB to it). contract.ts declares one
 * schema per name here, and the compiler holds it to exactly these names
 * (`satisfies Record<CommandName, …>`), so a name is still written once.
 */

export const COMMAND_NAMES = [
  'app.info',
  'app.openPath',
  'app.showInFolder',
  'app.pickFolder',
  'app.sandbox',
  'app.diagnostics',
  'key.status',
  'key.set',
  'key.clear',
  'settings.get',
  'settings.update',
  'settings.previewFileName',
  'settings.checkService',
  'grab.resolve',
  'jobs.add',
  'jobs.list',
  'jobs.pause',
  'jobs.resume',
  'jobs.cancel',
  'jobs.retry',
  'jobs.move',
  'jobs.clear',
  'library.search',
  'library.get',
  'library.said',
  'library.remove',
  'library.rebuild',
  'library.rebuildCancel',
  'subtitles.list',
  'subtitles.cues',
  'subtitles.save',
  'subtitles.refusals',
  'credits.get',
  'credits.ledger',
  'credits.exportCsv',
  'credits.prices',
  'queue.runner',
  'subscriptions.list',
  'subscriptions.add',
  'subscriptions.edit',
  'subscriptions.remove',
  'subscriptions.run',
  'subscriptions.profileOf',
] as const;

export const EVENT_NAMES = [
  'job.updated',
  'job.removed',
  'credits.changed',
  'credits.alert',
  'queue.paused',
  'settings.changed',
  'key.changed',
  'grab.requested',
  'queue.runner',
  'library.changed',
  'library.rebuildProgress',
  'subscription.updated',
  'subscription.removed',
  'subscription.ran',
] as const;

export type CommandName = (typeof COMMAND_NAMES)[number];
export type EventName = (typeof EVENT_NAMES)[number];

/** IPC / WebSocket channel names, derived from the contract's names. */
export const commandChannel = (name: CommandName): string => `trove:command:${name}`;
export const eventChannel = (name: EventName): string => `trove:event:${name}`;

export const isCommandName = (name: unknown): name is CommandName =>
  typeof name === 'string' && (COMMAND_NAMES as readonly string[]).includes(name);
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && (EVENT_NAMES as readonly string[]).includes(name);
