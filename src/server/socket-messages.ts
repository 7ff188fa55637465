import { z } from 'zod';
import { isCommandName } from '../shared/contract';
import type { Envelope, EventName } from '../shared/contract';
import type { Core } from '../core/core-api';

/*
 * The WebSocket protocol of web mode: the contract, one JSON message per call.
 *   client → server  { id, command, input }
 *   server → client  { id, ok: true, value } | { id, ok: false, error }   (the command's envelope)
 *   server → client  { event, payload }                                   (every Core event)
 */

export const clientMessageSchema = z
  .object({
    id: z.union([z.number().int().nonnegative(), z.string().min(1).max(64)]),
    command: z.string().min(1).max(100),
    input: z.unknown().optional(),
  })
  .strict();

export type ServerReply = { id: number | string | null } & Envelope<unknown>;
export interface ServerEvent {
  event: EventName;
  payload: unknown;
}

const badMessage = (id: ServerReply['id'], message: string): ServerReply => ({ id, ok: false, error: { code: 'bad_message', message } });

/** The answer to a binary frame: the protocol is text. */
export const BINARY_REPLY = badMessage(null, 'Messages must be JSON sent as text frames, not binary.');

/** The id of a message that is otherwise malformed, so its sender is not left waiting; null when it has none. */
function idOf(json: unknown): ServerReply['id'] {
  if (typeof json !== 'object' || json === null || !('id' in json)) return null;
  const id = clientMessageSchema.shape.id.safeParse(json.id);
  return id.success ? id.data : null;
}

/** The reply to one raw message; malformed messages get an error with their id, or null (nothing to match). */
export async function replyTo(core: Pick<Core, 'dispatch'>, raw: string): Promise<ServerReply> {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return badMessage(null, 'Messages must be JSON.');
  }
  const message = clientMessageSchema.safeParse(json);
  if (!message.success) {
    return badMessage(idOf(json), 'Messages look like {"id": 1, "command": "jobs.list", "input": {}}.');
  }
  const { id, command, input } = message.data;
  if (!isCommandName(command)) {
    return { id, ok: false, error: { code: 'unknown_command', message: `There is no command named ${JSON.stringify(command)}.` } };
  }
  return { id, ...(await core.dispatch(command, input)) };
}
