import { join } from 'node:path';
import { build } from 'esbuild';

// Inside the repository, so the bundle's bare imports (native modules) resolve from node_modules.
const BUNDLE_DIR = join(process.cwd(), 'node_modules', '.cache', 'trove-bench');

/**
 * Bundles a TypeScript entry point into one ES module, as the app ships its engine
 * (packages stay external, as in electron-vite's main bundle), so a measured process
 * carries no TypeScript loader. Returns the bundle's path.
 */
export async function bundleEntry(entry: string, name: string): Promise<string> {
  const outfile = join(BUNDLE_DIR, `${name}.mjs`);
  await build({ entryPoints: [entry], outfile, bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', logLevel: 'error' });
  return outfile;
}
