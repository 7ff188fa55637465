import type { ExitCode } from '../exit-codes';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';
import { runCredits } from './credits';
import { runDoctor } from './doctor';
import { runExtract } from './extract';
import { runGet } from './get';
import { runKey } from './key';
import { runLibrary } from './library';
import { runQueue } from './queue';
import { runSubscriptions } from './subscriptions';
import { runSubtitles } from './subtitles';

/** The commands that talk to the engine (sandbox and serve run servers of their own). */
export type EngineInvocation = Exclude<Invocation, { command: 'sandbox' | 'serve' }>;

export function runCommand(ctx: CommandContext, invocation: EngineInvocation): Promise<ExitCode> {
  switch (invocation.command) {
    case 'extract':
      return runExtract(ctx, invocation);
    case 'get':
      return runGet(ctx, invocation);
    case 'subtitles':
      return runSubtitles(ctx, invocation);
    case 'queue':
      return runQueue(ctx, invocation);
    case 'library':
      return runLibrary(ctx, invocation);
    case 'credits':
      return runCredits(ctx, invocation);
    case 'key':
      return runKey(ctx, invocation);
    case 'doctor':
      return runDoctor(ctx);
    case 'subscriptions':
      return runSubscriptions(ctx, invocation);
  }
}
