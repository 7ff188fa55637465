import type { KeyStatus } from '../../shared/contract';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import type { Invocation } from '../invocation';
import { readSecret } from '../read-secret';
import type { CommandContext } from './context';

const SOURCES: Record<KeyStatus['source'], string> = {
  keychain: 'A key is stored in the system keychain.',
  environment: 'A key is set by TROVE_API_KEY (it takes precedence over the keychain).',
  none: 'No key is set: run `trove key set` and paste it, or set TROVE_API_KEY.',
  session: 'The key works for this run only: the system keychain could not keep it.',
  sandbox: "Sandbox mode: the sandbox's own key is in use.",
};

export async function runKey(ctx: CommandContext, invocation: Extract<Invocation, { command: 'key' }>): Promise<ExitCode> {
  if (invocation.action === 'status') {
    const status = await ctx.core.call('key.status', {});
    if (!status.ok) return ctx.fail(status.error);
    ctx.output.result('key', EXIT.ok, { status: status.value }, [SOURCES[status.value.source]]);
    return EXIT.ok;
  }
  if (invocation.action === 'clear') {
    const status = await ctx.core.call('key.clear', {});
    if (!status.ok) return ctx.fail(status.error);
    ctx.output.result('key', EXIT.ok, { status: status.value }, ['The key was removed from the keychain.', SOURCES[status.value.source]]);
    return EXIT.ok;
  }
  const key = await readSecret(ctx.stdin, (text) => ctx.stderr.write(text));
  if (key === undefined) {
    // Ctrl-C at the hidden prompt arrives as a keystroke, not a signal: report it like one.
    ctx.output.failure({ code: 'interrupted', message: 'Interrupted: no key was stored.', exitCode: EXIT.interrupted });
    return EXIT.interrupted;
  }
  if (key === '') {
    return ctx.fail({
      code: 'invalid_input',
      message: 'No key was given on stdin. Pipe it in, for example: printf %s "$KEY" | trove key set',
    });
  }
  // key.set checks the key with the free credit query before storing it.
  const status = await ctx.core.call('key.set', { key });
  if (!status.ok) return ctx.fail(status.error);
  ctx.output.result('key', EXIT.ok, { status: status.value }, [
    // A command ends with its process: a key kept for the session alone is of no use here, so say what would keep it.
    status.value.unsaved ? `The key works but was not stored: ${status.value.unsaved.message}` : 'The key works and is stored in the system keychain.',
    ...(status.value.source === 'environment' ? [SOURCES.environment] : []),
  ]);
  return EXIT.ok;
}
