import type { Core } from '../core/core-api';
import { balanceLine } from './format/format-credits';
import type { Output } from './output/output';

/**
 * After a command was refused for credits (402): the balance as the service has it now, so
 * the terminal never leaves the user with the number they believed. The query is free and
 * waits its turn in the key's rate limiter like any call.
 */
export async function noteBalance(core: Core, output: Output): Promise<void> {
  const balance = await core.call('credits.get', { refresh: true });
  if (balance.ok) output.note(balanceLine(balance.value));
}
