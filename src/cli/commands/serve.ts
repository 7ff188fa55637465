import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_STATIC_DIR, DEFAULT_WEB_PORT, startWebServer } from '../../server';
import { EXIT } from '../exit-codes';
import type { ExitCode } from '../exit-codes';
import type { Invocation } from '../invocation';
import type { CommandContext } from './context';

/**
 * `trove serve`: the app in a browser, served by src/server on the same engine the other
 * commands use. Runs until Ctrl-C, which is how a server is stopped, so that exits 0.
 */
export async function runServe(
  ctx: CommandContext,
  invocation: Extract<Invocation, { command: 'serve' }>,
  stopped: Promise<unknown>,
): Promise<ExitCode> {
  if (!existsSync(join(DEFAULT_STATIC_DIR, 'index.html'))) {
    return ctx.fail({ code: 'ui_not_built', message: `The web UI is not built yet (${DEFAULT_STATIC_DIR} is missing). Run \`npm run build\` first.` });
  }
  const server = await startWebServer({ core: ctx.core, port: invocation.port ?? DEFAULT_WEB_PORT, staticDir: DEFAULT_STATIC_DIR });
  ctx.output.note('Trove is running in web mode. Open this address in your browser (the token in it is your password):');
  ctx.output.result('serve', EXIT.ok, { url: server.url, port: server.port }, [server.url]);
  ctx.output.note('Press Ctrl+C to stop; running downloads are paused and resume next time.');
  await stopped;
  await server.close();
  return EXIT.ok;
}
