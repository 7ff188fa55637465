import { copyFile, mkdir, stat, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { JobStore } from '../../../src/core/jobs/job-store';
import { closeDatabase, recordCleanClose } from '../../../src/core/db';
import type { Benchmark } from '../bench-context';
import { formatMs } from '../figure';
import { DATABASE_FILE, insertPosts, openLibrary } from '../fixtures/library-db';
import { makeCorpus } from '../fixtures/library-posts';
import { remove } from '../tools/files';
import { runChild } from '../tools/node-child';
import { median } from '../stats';

const CHILD = fileURLToPath(new URL('./startup-child.ts', import.meta.url));
const POSTS = 100_000;
const JOBS = 1000;

interface StartupRun {
  readyMs: number;
  firstListMs: number;
  queued: number;
}

/** A data directory as a heavy user's: a 100,000-post library and 1,000 queued post jobs (from a profile). */
async function buildDataDir(directory: string): Promise<void> {
  await mkdir(directory, { recursive: true });
  const corpus = makeCorpus(POSTS + JOBS, 13);
  const { db, library } = openLibrary(directory);
  try {
    insertPosts(library, corpus.posts.slice(0, POSTS));
    new JobStore(db).add(corpus.posts.slice(POSTS).map((post) => ({ kind: 'post', url: post.post_url ?? '', post, title: post.title ?? '' })));
  } finally {
    closeDatabase(db);
  }
  // Closed cleanly, as the user's last session left it: the start-up integrity check has no cause to run.
  recordCleanClose(join(directory, DATABASE_FILE));
}

/** The library with its time (as a restart finds it) and its clean-close record. */
async function copyDataDir(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const database = join(from, DATABASE_FILE);
  await copyFile(database, join(to, DATABASE_FILE));
  const { atime, mtime } = await stat(database);
  await utimes(join(to, DATABASE_FILE), atime, mtime);
  await copyFile(`${database}.closed`, join(to, `${DATABASE_FILE}.closed`));
}

/** Benchmark 8: createCore until ready on a large data directory, in fresh processes. */
export const startup: Benchmark = {
  id: '8',
  title: 'engine start-up on a large data directory',
  async run(context) {
    const template = join(context.runDir, 'startup-template');
    await buildDataDir(template);
    const runs: StartupRun[] = [];
    for (let round = 0; round < (context.quick ? 3 : 7); round++) {
      // Every start gets a pristine copy: a start moves jobs along.
      const dataDir = join(context.runDir, `startup-${round}`);
      await copyDataDir(template, dataDir);
      const run = await runChild<StartupRun>(CHILD, [dataDir]);
      if (run.queued < JOBS - 1) throw new Error(`the engine saw ${run.queued} queued jobs, expected ${JOBS}`);
      runs.push(run);
      await remove(dataDir);
    }
    await remove(template);
    const ready = median(runs.map((run) => run.readyMs));
    const firstList = median(runs.map((run) => run.firstListMs));
    context.log(`8: ready in ${formatMs(ready)}, first jobs.list answered at ${formatMs(firstList)}`);
    return [
      {
        id: '8',
        name: `start-up, ${POSTS.toLocaleString('en')} posts + ${JOBS.toLocaleString('en')} queued jobs (createCore → ready)`,
        value: formatMs(ready),
        reference: '—',
        goal: '< 500 ms',
        met: ready < 500,
        detail: { runs },
        note: `median of ${runs.length} fresh processes; the first jobs.list of the queue answered ${formatMs(firstList)} after the call.`,
      },
    ];
  },
};
