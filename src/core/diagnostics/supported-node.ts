import semver from 'semver';
// Imported, not read from disk: the bundler inlines it, so the path holds in out/main as in src.
import manifest from '../../../package.json' with { type: 'json' };

/*
 * Below the faces: every entry point's start-up check (src/node-shared/require-supported-node.ts)
 * and the engine's diagnostics use it.
 */

/** The Node versions Trove runs on, as package.json's `engines.node` (the one place it is written) states them. */
export function supportedNodeRange(): string {
  const range: unknown = manifest.engines?.node;
  if (typeof range !== 'string' || semver.validRange(range) === null) throw new Error('package.json has no valid engines.node range');
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
