import { homedir } from 'node:os';
import { createCore } from '../core/index';
import type { Core } from '../core/core-api';
import { isErrorCode } from '../shared/error-codes';
import type { ErrorCode } from '../shared/error-codes';
import type { SettingsPatch } from '../shared/settings';
import type { CommandContext } from './commands/context';
import { runDoctorWithoutEngine } from './commands/doctor';
import { runCommand } from './commands/run-command';
import { runServe } from './commands/serve';
import { settingsResetNote } from './settings-reset-note';
import { libraryNoticeNote } from './library-notice-note';
import { defaultDataDir } from '../node-shared/data-dir';
import { EXIT } from './exit-codes';
import { failureFromError } from './failure';
import { noteBalance } from './note-balance';
import type { Failure } from './failure';
import type { GlobalOptions, Invocation } from './invocation';
import type { Output } from './output/output';

const INTERRUPTED_JOBS: Failure = {
  code: 'interrupted',
  message: 'Interrupted: unfinished downloads stopped and stay in the queue.',
  exitCode: EXIT.interrupted,
  hint: 'Run the same command again, or `trove queue resume`, to continue where it stopped (extractions already paid for are not charged again).',
};
/** A command that runs no jobs leaves nothing in the queue to continue. */
const INTERRUPTED: Failure = { code: 'interrupted', message: 'Interrupted.', exitCode: EXIT.interrupted };

const runsJobs = (invocation: Exclude<Invocation, { command: 'sandbox' }>): boolean =>
  (invocation.command === 'get' && invocation.wait) ||
  invocation.command === 'serve' ||
  (invocation.command === 'subscriptions' && invocation.action === 'run' && invocation.wait) ||
  (invocation.command === 'queue' && (invocation.action === 'resume' || invocation.action === 'retry') && invocation.wait);

/**
 * Runs a command on the engine: opens a Core for the data directory with the command
 * line's settings, runs the command, and always closes the Core (which records
 * in-flight jobs in the queue), also when the user interrupts.
 */
export async function runEngineCommand(
  invocation: Exclude<Invocation, { command: 'sandbox' }>,
  globals: GlobalOptions,
  output: Output,
  version: string,
): Promise<number> {
  let core: Core;
  try {
    core = await createCore({
      dataDir: dataDirOf(globals),
      settings: settingsOf(globals),
      env: process.env,
      version,
      // Only commands that wait for jobs run the queue; a query must not start downloads (or charges).
      startQueue: runsJobs(invocation),
      // named in another Trove's messages while this one runs the queue
      face: invocation.command === 'serve' ? 'web' : 'cli',
      // Web mode runs due subscriptions while it is up; other commands only when asked (`subscriptions run`).
      ...(invocation.command === 'serve' && { scheduleSubscriptions: {} }),
    });
  } catch (error) {
    // The check is wanted most when the data folder is what fails: it still answers.
    if (invocation.command === 'doctor') {
      return runDoctorWithoutEngine(output, { dataDir: dataDirOf(globals), settings: settingsOf(globals), env: process.env, version, failure: startFailure(error) });
    }
    output.failure(unexpectedFailure(error, globals.debug, 'Trove could not start'));
    return EXIT.someFailed;
  }
  const resetNote = settingsResetNote(core.settingsReset, core.dataDir);
  if (resetNote) output.note(resetNote);
  const libraryNote = libraryNoticeNote(core.libraryNotice, invocation.command === 'library' && invocation.action === 'rebuild');
  if (libraryNote) output.note(libraryNote);
  const closeCore = once(() => core.close());
  const cleanups: Array<() => void | Promise<void>> = [];
  const ctx: CommandContext = {
    core,
    output,
    globals,
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    onInterrupt: (cleanup) => cleanups.push(cleanup),
    fail(error) {
      const failure = failureFromError(error, 'command');
      output.failure(failure);
      return failure.exitCode;
    },
  };
  const interruption = onInterrupt();
  try {
    if (invocation.command === 'serve') return await runServe(ctx, invocation, interruption.signaled);
    const outcome = await Promise.race([runCommand(ctx, invocation), interruption.signaled]);
    if (outcome === EXIT.credits) await noteBalance(core, output);
    // A short run (one `extract`) ends before the engine's debounced balance query: ask it
    // now, or the ledger would keep the run's calls without their cost.
    if (outcome !== 'interrupted') await core.settleBalance();
    if (outcome !== 'interrupted') return outcome;
    // In order, each awaited: a rebuild stopping records what it read before the engine closes.
    for (const cleanup of cleanups) await cleanup();
    // close() stops in-flight jobs and records them in the queue, so the next run resumes them.
    await closeCore();
    output.failure(runsJobs(invocation) ? INTERRUPTED_JOBS : INTERRUPTED);
    return EXIT.interrupted;
  } catch (error) {
    output.failure(unexpectedFailure(error, globals.debug, 'Something went wrong inside Trove'));
    return EXIT.someFailed;
  } finally {
    interruption.dispose();
    await closeCore();
  }
}

function dataDirOf(globals: GlobalOptions): string {
  return globals.dataDir ?? defaultDataDir({ platform: process.platform, env: process.env, homeDir: homedir() });
}

/** Command-line options apply on top of the saved settings, for this run only. */
function settingsOf(globals: GlobalOptions): SettingsPatch {
  return {
    ...(globals.serviceUrl !== undefined && { serviceUrl: globals.serviceUrl }),
    ...(globals.apiVersion !== undefined && { apiVersion: globals.apiVersion }),
    ...(globals.lang !== undefined && { language: globals.lang }),
  };
}

/** Ctrl-C (or SIGTERM) once: pause and record, then exit 130. Twice: exit at once. */
function onInterrupt(): { signaled: Promise<'interrupted'>; dispose(): void } {
  let signaled = false;
  let resolve: (value: 'interrupted') => void = () => {};
  const promise = new Promise<'interrupted'>((done) => (resolve = done));
  const listener = (): void => {
    if (signaled) process.exit(EXIT.interrupted);
    signaled = true;
    resolve('interrupted');
  };
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  return {
    signaled: promise,
    dispose() {
      process.off('SIGINT', listener);
      process.off('SIGTERM', listener);
    },
  };
}

/** The code and message of what createCore threw (a CoreStartError, or a system error such as EACCES). */
function startFailure(error: unknown): { code: ErrorCode; message: string } {
  const named = typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : undefined;
  // A system error (EACCES, ENOSPC) names no code of ours: it is a file problem, said in the message.
  const code = named === undefined ? 'internal' : isErrorCode(named) ? named : /^E[A-Z]+$/.test(named) ? 'io_error' : 'internal';
  return { code, message: error instanceof Error ? error.message : String(error) };
}

/** A thrown error is a bug (expected failures are data): its message, and its stack only with --debug. */
function unexpectedFailure(error: unknown, debug: boolean, context: string): Failure {
  const { code, message } = startFailure(error);
  return {
    ...failureFromError({ code, message: `${context}: ${message}` }, 'command'),
    ...(debug && error instanceof Error && error.stack !== undefined && { stack: error.stack }),
  };
}

function once(action: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => (running ??= action());
}
