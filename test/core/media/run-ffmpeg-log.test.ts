import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFfmpeg } from '../../../src/core/media/run-ffmpeg';
import { makeFolder, removeFolder } from '../download/helpers';

/*
 * A merge reads the start of ffmpeg's log (the stream descriptions) and its end (the
 * closing statistics, the reason for a failure); a log that floods in between (one
 * warning per packet) must keep both. A stand-in binary writes a log of 3 MiB.
 */

let folder: string;
let noisy: string;

beforeAll(async () => {
  folder = await makeFolder();
  noisy = path.join(folder, 'noisy-ffmpeg');
  await writeFile(noisy, '#!/bin/sh\necho "Input #0, first line" >&2\nyes "a warning that repeats" | head -c 3145728 >&2\necho >&2\necho "closing statistics" >&2\n');
  await chmod(noisy, 0o755);
});
afterAll(() => removeFolder(folder));

describe('runFfmpeg on a long log', () => {
  it('keeps its start and its end, and marks what it left out', async () => {
    const run = await runFfmpeg(noisy, []);
    expect(run.code).toBe(0);
    expect(run.stderr.startsWith('Input #0, first line\n')).toBe(true);
    expect(run.stderr.trimEnd().endsWith('closing statistics')).toBe(true);
    expect(run.stderr).toContain('\n[…]\n');
    expect(run.stderr.length).toBeLessThan(2 * 1024 * 1024);
  });

  it('keeps a short log whole', async () => {
    const quiet = path.join(folder, 'quiet-ffmpeg');
    await writeFile(quiet, '#!/bin/sh\necho "one line" >&2\n');
    await chmod(quiet, 0o755);
    expect((await runFfmpeg(quiet, [])).stderr).toBe('one line\n');
  });
});
