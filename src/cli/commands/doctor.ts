import { diagnoseWithoutEngine } from '../../core/diagnostics';
import type { UnopenedEngine } from '../../core/diagnostics';
import type { Diagnostics } from '../../shared/diagnostics';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import { doctorLines } from '../format/format-doctor';
import type { Output } from '../output/output';
import type { CommandContext } from './context';

/** Exit 1 while an essential problem stands, so a script can stop before it tries to download. */
function report(output: Output, diagnostics: Diagnostics): ExitCode {
  const exitCode = diagnostics.problems.some((problem) => problem.essential) ? EXIT.someFailed : EXIT.ok;
  output.result('doctor', exitCode, { diagnostics }, doctorLines(diagnostics));
  return exitCode;
}

/** `trove doctor`: the installation's facts and problems, each with its fix. */
export async function runDoctor(ctx: CommandContext): Promise<ExitCode> {
  const diagnostics = await ctx.core.call('app.diagnostics', {});
  if (!diagnostics.ok) return ctx.fail(diagnostics.error);
  return report(ctx.output, diagnostics.value);
}

/** `trove doctor` when the engine could not open the data folder: what can be known, and why. */
export async function runDoctorWithoutEngine(output: Output, unopened: UnopenedEngine): Promise<ExitCode> {
  return report(output, await diagnoseWithoutEngine(unopened));
}
