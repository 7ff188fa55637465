import { z } from 'zod';
import { creditsSchema } from './credits';
import type { ErrorInfo } from './errors';

/*
 * The contract: every command (name → input schema → result schema) and every event
 * (name → payload schema) is declared here once. The Core implements it, the Electron
 * main process, the preload bridge, the web-mode server and the renderer's transports
 * are all derived from these two objects. A channel name is never typed twice.
 *
 * Inputs are strict (unknown keys rejected): they come from a less trusted process.
 */

const noInput = z.object({}).strict();

export interface CommandSpec<I extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly result: R;
}

const command = <I extends z.ZodType, R extends z.ZodType>(input: I, result: R): CommandSpec<I, R> => ({
  input,
  result,
});

export const keyStatusSchema = z.object({
  /** Whether a key is available; the key itself never leaves the engine. */
  isSet: z.boolean(),
  source: z.enum(['keychain', 'environment', 'none']),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;

export const appInfoSchema = z.object({
  version: z.string(),
  dataDir: z.string(),
  ffmpeg: z.object({ path: z.string(), version: z.string() }).nullable(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const commands = {
  'app.info': command(noInput, appInfoSchema),
  'key.status': command(noInput, keyStatusSchema),
  'key.set': command(z.object({ key: z.string().trim().min(1).max(4096) }).strict(), keyStatusSchema),
  'key.clear': command(noInput, keyStatusSchema),
  'credits.get': command(noInput, creditsSchema),
} as const satisfies Record<string, CommandSpec>;

export const events = {
  'credits.changed': creditsSchema,
} as const satisfies Record<string, z.ZodType>;

export type Commands = typeof commands;
export type CommandName = keyof Commands;
export type CommandInput<N extends CommandName> = z.input<Commands[N]['input']>;
export type CommandResult<N extends CommandName> = z.output<Commands[N]['result']>;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<N extends EventName> = z.output<Events[N]>;

export const COMMAND_NAMES = Object.keys(commands) as CommandName[];
export const EVENT_NAMES = Object.keys(events) as EventName[];

/** What every transport returns for a command: a value, or an error as data. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

/** IPC / WebSocket channel names, derived from the contract's names. */
export const commandChannel = (name: CommandName): string => `trove:command:${name}`;
export const eventChannel = (name: EventName): string => `trove:event:${name}`;

export const isCommandName = (name: unknown): name is CommandName =>
  typeof name === 'string' && Object.hasOwn(commands, name);
export const isEventName = (name: unknown): name is EventName =>
  typeof name === 'string' && Object.hasOwn(events, name);

/** The API every face offers the renderer: one function per command, one subscription per event. */
export type TroveApi = {
  readonly [N in CommandName]: (input: CommandInput<N>) => Promise<Envelope<CommandResult<N>>>;
} & {
  readonly on: <N extends EventName>(name: N, listener: (payload: EventPayload<N>) => void) => () => void;
};
