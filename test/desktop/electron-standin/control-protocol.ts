import { z } from 'zod';

/*
 * The test-control channel between the test (parent process) and the stand-in (the main
 * process it spawned), over Node's child-process IPC. Requests carry an id; the stand-in
 * answers each with the same id. Notices are sent unasked.
 */

export const controlRequestSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('windows') }),
  z.object({ type: z.literal('screenshot'), windowId: z.number().int().optional(), path: z.string() }),
  z.object({ type: z.literal('clipboard.write'), text: z.string() }),
  z.object({ type: z.literal('clipboard.read') }),
  z.object({ type: z.literal('notifications') }),
  z.object({ type: z.literal('notification.click'), index: z.number().int() }),
  z.object({ type: z.literal('tray.click') }),
  z.object({ type: z.literal('menu.click'), label: z.string() }),
  z.object({ type: z.literal('records'), prefix: z.string().optional() }),
  z.object({ type: z.literal('dialog.answer'), canceled: z.boolean(), filePaths: z.array(z.string()) }),
  z.object({ type: z.literal('permission.request'), permission: z.string(), url: z.string().optional() }),
  z.object({ type: z.literal('permission.check'), permission: z.string(), url: z.string().optional() }),
  z.object({ type: z.literal('window.close'), windowId: z.number().int().optional() }),
  z.object({ type: z.literal('gc') }),
  z.object({ type: z.literal('quit') }),
  z.object({ type: z.literal('exit'), code: z.number().int() }),
]);
export type ControlRequest = z.infer<typeof controlRequestSchema>;

export const controlEnvelopeSchema = z.object({ id: z.number().int(), request: controlRequestSchema });

export const controlReplySchema = z.object({
  id: z.number().int(),
  ok: z.boolean(),
  value: z.unknown().optional(),
  error: z.string().optional(),
});

export const controlNoticeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), cdpEndpoint: z.string() }),
  z.object({ type: z.literal('uncaught'), message: z.string() }),
  z.object({ type: z.literal('exit'), code: z.number().int() }),
]);
export type ControlNotice = z.infer<typeof controlNoticeSchema>;

/** A window as the control channel reports it. */
export const windowInfoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  chromiumUrl: z.string(),
  visible: z.boolean(),
  focused: z.boolean(),
  maximized: z.boolean(),
  minimized: z.boolean(),
  destroyed: z.boolean(),
  bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  progress: z.number().optional(),
});
export type WindowInfo = z.infer<typeof windowInfoSchema>;

export const notificationInfoSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  body: z.string(),
  shown: z.boolean(),
  clickable: z.boolean(),
  collected: z.boolean(),
});
export type NotificationInfo = z.infer<typeof notificationInfoSchema>;
