import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCore } from '../../../src/core';
import { downloadFile } from '../../../src/core/download';

/*
 * The engine process of benchmark 7: a Core on a fresh data directory (so its modules,
 * database and caches are in memory as in the app), then `count` concurrent downloads of
 * one URL with the default settings (segmented, 4 connections each). Prints its peak RSS
 * as the kernel counted it, and the RSS before the downloads began.
 *
 * Usage: memory-child.ts <url> <count> <directory>
 */

const [url, countText, directory] = process.argv.slice(2);
if (url === undefined || countText === undefined || directory === undefined) throw new Error('usage: memory-child.ts <url> <count> <directory>');
const dataDir = mkdtempSync(join(tmpdir(), 'trove-bench-engine-'));
const core = await createCore({ dataDir, env: { PATH: process.env['PATH'] ?? '' } });
const idleRss = process.memoryUsage().rss;
const results = await Promise.all(Array.from({ length: Number(countText) }, (_, index) => downloadFile({ url, directory, fileName: `file-${index}.bin` })));
const failed = results.find((result) => !result.ok);
if (failed && !failed.ok) throw new Error(`${failed.error.code}: ${failed.error.message}`);
await core.close();
rmSync(dataDir, { recursive: true, force: true });
// maxRSS is in KiB: the high-water mark of the whole process.
process.stdout.write(`${JSON.stringify({ idleRssBytes: idleRss, peakRssBytes: process.resourceUsage().maxRSS * 1024 })}\n`);
