import { supportedNodeRange, unsupportedNodeLine } from '../core/diagnostics';

/*
 * Imported first by every entry point a user can start by hand (the CLI, web mode, the
 * sandbox, npm start): ES modules run their imports in order, so this runs before anything
 * loads better-sqlite3, which segfaults on a Node older than its N-API needs. One clear
 * line instead.
 */
const line = unsupportedNodeLine(process.versions.node, supportedNodeRange());
if (line !== undefined) {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}
