import type { ErrorCode } from '../shared/error-codes';
import type { ErrorInfo } from '../shared/errors';
import { exitCodeForError } from './exit-codes';
import type { ExitCode } from './exit-codes';
import { nextStep } from './next-step';

/** An error as the CLI reports it: the engine's code and message, what to do, and the exit code. */
export interface Failure {
  code: ErrorCode;
  message: string;
  exitCode: ExitCode;
  hint?: string;
  /** Only with --debug, and only for unexpected errors (bugs). */
  stack?: string;
}

/** A plain command that ran out of credits queued nothing: `trove queue resume` would not continue it. */
const COMMAND_ADVICE: Readonly<Partial<Record<ErrorCode, string>>> = {
  out_of_credits: 'Top up your credits, then run the command again.',
};

export function failureFromError(error: Pick<ErrorInfo, 'code' | 'message'>, context: 'job' | 'command'): Failure {
  const hint = (context === 'command' ? COMMAND_ADVICE[error.code] : undefined) ?? nextStep(error);
  return {
    code: error.code,
    message: error.message,
    exitCode: exitCodeForError(error, context),
    ...(hint !== undefined && { hint }),
  };
}

/** How a failure reads in a terminal: the message, its code, then the way forward. */
export function failureLines(failure: Failure): string[] {
  return [
    `Error: ${failure.message} (${failure.code})`,
    ...(failure.hint !== undefined ? [`  → ${failure.hint}`] : []),
    ...(failure.stack !== undefined ? [failure.stack] : []),
  ];
}
