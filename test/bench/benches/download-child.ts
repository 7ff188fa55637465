import { performance } from 'node:perf_hooks';
import { downloadFile } from '../../../src/core/download';

/*
 * One Trove download of benchmarks 1 and 2 in its own process, as the engine runs in the
 * app (Electron's main process), rather than in the bench runner, which has just written
 * the 1 GiB source and holds the samples of every benchmark. Modules are loaded before the
 * clock starts; prints the time from the call to the verified, fsynced, renamed file.
 *
 * Usage: download-child.ts <url> <directory> <file name> <connections>
 */

const [url, directory, fileName, connectionsText] = process.argv.slice(2);
if (url === undefined || directory === undefined || fileName === undefined || connectionsText === undefined) {
  throw new Error('usage: download-child.ts <url> <directory> <file name> <connections>');
}
const started = performance.now();
const result = await downloadFile({ url, directory, fileName }, { connections: Number(connectionsText) });
const ms = performance.now() - started;
if (!result.ok) throw new Error(`Trove download failed: ${result.error.code}: ${result.error.message}`);
process.stdout.write(`${JSON.stringify({ ms })}\n`);
