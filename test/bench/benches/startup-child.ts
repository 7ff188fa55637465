import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../../../src/core';

/*
 * One engine start-up of benchmark 8, in a fresh process: the time from calling
 * createCore until it resolves (modules are loaded before the clock starts, as they are
 * when the app calls it). The service URL leads nowhere, so the one job the queue starts
 * fails without touching the network; the Core is closed right after.
 *
 * Usage: startup-child.ts <data dir>
 */

const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error('usage: startup-child.ts <data dir>');
const started = performance.now();
const core = await createCore({
  dataDir,
  env: { PATH: process.env['PATH'] ?? '' },
  settings: { serviceUrl: 'http://127.0.0.1:9', concurrency: 1, downloadFolder: join(dataDir, 'downloads') },
  retryDelaysMs: [],
});
const readyMs = performance.now() - started;
const listed = await core.call('jobs.list', { states: ['queued'] });
const firstListMs = performance.now() - started;
await core.close();
process.stdout.write(`${JSON.stringify({ readyMs, firstListMs, queued: listed.ok ? listed.value.length : -1 })}\n`);
