import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

/** package.json, the one place the supported Node range is written (`engines.node`). */
const PACKAGE_JSON = fileURLToPath(new URL('../../package.json', import.meta.url));

/** The Node versions Trove runs on, as package.json's `engines.node` states them. */
export function supportedNodeRange(packageJsonPath = PACKAGE_JSON): string {
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { engines?: { node?: unknown } };
  const range = manifest.engines?.node;
  if (typeof range !== 'string' || semver.validRange(range) === null) throw new Error(`${packageJsonPath} has no valid engines.node range`);
  return range;
}

/**
 * One line naming the Node needed, or undefined when `version` is in `range`. Through npm
 * (npm start, npm test, npm run trove) the scripts run on the Node pinned in devDependencies,
 * so this line is for a Trove started by hand on another Node.
 */
export function unsupportedNodeLine(version: string, range: string): string | undefined {
  if (semver.satisfies(version, range)) return undefined;
  return `Trove needs Node.js ${range}, but this is Node.js ${version}: run it through npm (npm start, npm run trove -- …), which uses the Node installed with it, or install Node.js ${range}.`;
}
