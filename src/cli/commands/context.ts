import type { Core } from '../../core/core-api';
import type { ErrorInfo } from '../../shared/errors';
import type { ExitCode } from '../exit-codes';
import type { GlobalOptions } from '../invocation';
import type { Output } from '../output/output';

/** What a command runs with: the engine, the output, and the process's streams. */
export interface CommandContext {
  readonly core: Core;
  readonly output: Output;
  readonly globals: GlobalOptions;
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (mode: boolean) => unknown };
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Registers clean-up that must run if the user interrupts (e.g. stop live progress bars); the engine closes after it settles. */
  onInterrupt(cleanup: () => void | Promise<void>): void;
  /** Prints an engine error of a plain command and returns its exit code. */
  fail(error: Pick<ErrorInfo, 'code' | 'message' | 'detail'>): ExitCode;
}
