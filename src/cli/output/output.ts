import type { EventName } from '../../shared/contract';
import type { Failure } from '../failure';
import { failureLines } from '../failure';

export type OutputMode = 'tty' | 'plain' | 'json';

/** The part of a stream the CLI writes to (process.stdout, or a test's collector). */
export interface TextSink {
  write(text: string): unknown;
}

/**
 * Everything the CLI prints goes through here, so each mode keeps its promise:
 * `json` writes only JSON lines to stdout (events, then one result or error object);
 * `tty` and `plain` write results to stdout and notes and errors to stderr.
 */
export interface Output {
  readonly mode: OutputMode;
  readonly quiet: boolean;
  /** A remark for people (not a result): stderr, skipped with --quiet and --json. */
  note(text: string): void;
  /** An engine event, as a JSON line (only --json prints raw events). */
  event(name: EventName, payload: unknown): void;
  /** The outcome of the command: `value` for --json, `lines` for people. */
  result(command: string, exitCode: number, value: Record<string, unknown>, lines: readonly string[]): void;
  failure(failure: Failure): void;
}

export function createOutput(mode: OutputMode, quiet: boolean, stdout: TextSink, stderr: TextSink): Output {
  const line = (sink: TextSink, text: string): void => {
    sink.write(`${text}\n`);
  };
  const json = (value: Record<string, unknown>): void => line(stdout, JSON.stringify(value));
  return {
    mode,
    quiet,
    note(text) {
      if (mode !== 'json' && !quiet) line(stderr, text);
    },
    event(name, payload) {
      if (mode === 'json') json({ type: 'event', event: name, payload });
    },
    result(command, exitCode, value, lines) {
      if (mode === 'json') json({ type: 'result', command, exitCode, ...value });
      else for (const text of lines) line(stdout, text);
    },
    failure(failure) {
      if (mode === 'json') json({ type: 'error', ...failure });
      else for (const text of failureLines(failure)) line(stderr, text);
    },
  };
}

/** --json wins; otherwise live progress only when a person is watching a terminal. */
export function outputMode(json: boolean, stdoutIsTty: boolean): OutputMode {
  if (json) return 'json';
  return stdoutIsTty ? 'tty' : 'plain';
}
