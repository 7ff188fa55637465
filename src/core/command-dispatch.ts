import type { z } from 'zod';
import { commands, isCommandName } from '../shared/contract';
import type { CommandName, CommandResult, Envelope } from '../shared/contract';
import type { ErrorInfo } from '../shared/errors';

/** The engine's implementation of each command, given input already validated. */
export type CommandHandlers = {
  [N in CommandName]: (input: z.output<(typeof commands)[N]['input']>) => Promise<HandlerResult<CommandResult<N>>>;
};

/** Handlers return errors as data; a thrown error is a bug and is reported as `internal`. */
export type HandlerResult<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

const MAX_ISSUES = 5;
/** An issue names the offending key or value; a 10,000-character key must not make a 10 kB message. */
const MAX_ISSUE_CHARS = 120;

function clip(text: string): string {
  return text.length <= MAX_ISSUE_CHARS ? text : `${text.slice(0, MAX_ISSUE_CHARS - 1)}…`;
}

/**
 * The one entry point for untrusted input: unknown command names and inputs that fail the
 * contract's strict schema are refused before any handler runs; nothing throws past here.
 */
export async function dispatchCommand(
  handlers: CommandHandlers,
  name: unknown,
  input: unknown,
  redact: (text: string) => string,
): Promise<Envelope<unknown>> {
  if (!isCommandName(name)) {
    return { ok: false, error: { code: 'unknown_command', message: `There is no command named ${JSON.stringify(String(name)).slice(0, 80)}.` } };
  }
  const parsed = commands[name].input.safeParse(input ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => clip(`${issue.path.join('.') || 'input'}: ${issue.message}`));
    return { ok: false, error: { code: 'invalid_input', message: issues.join('; ') } };
  }
  try {
    const handler = handlers[name] as (input: unknown) => Promise<HandlerResult<unknown>>;
    const result = await handler(parsed.data);
    return result.ok ? result : { ok: false, error: { ...result.error, message: redact(result.error.message) } };
  } catch (error) {
    return {
      ok: false,
      error: { code: 'internal', message: redact(`Something went wrong inside Trove: ${error instanceof Error ? error.message : String(error)}`) },
    };
  }
}
