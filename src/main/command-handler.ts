import type { CommandName, Envelope } from '../shared/contract';
import type { Core } from '../core/core-api';
import { isTrustedSender } from './trusted-sender';
import type { SenderFrame } from './trusted-sender';

export type CommandHandler = (frame: SenderFrame | null | undefined, input: unknown) => Promise<Envelope<unknown>>;

const FORBIDDEN: Envelope<never> = {
  ok: false,
  error: { code: 'forbidden_sender', message: 'This request did not come from the Trove window and was refused.' },
};

/**
 * The one wrapper every IPC command goes through: the sender is checked first, then the
 * Core validates the input against the contract's strict schema and answers with an
 * envelope (Core.dispatch never throws, so no stack trace ever reaches the renderer).
 */
export function commandHandler(core: Pick<Core, 'dispatch'>, name: CommandName, trustedOrigin: string): CommandHandler {
  return async (frame, input) => (isTrustedSender(frame, trustedOrigin) ? core.dispatch(name, input) : FORBIDDEN);
}
