import { build, buildIsStale } from '../src/start/ui-build';

/**
 * Vitest global setup: builds the app first when out/ is missing or older than the sources,
 * as npm start does, so the tests that serve the built UI (web mode, npm start) run on a
 * fresh clone too, and no test rebuilds out/ while another one reads it.
 */
export default async function setup(): Promise<void> {
  const root = process.cwd();
  if (!buildIsStale(root)) return;
  const built = await build(root);
  if (!built.ok) throw new Error(`npm run build failed before the tests:\n${built.log}`);
}
