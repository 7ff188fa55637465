import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { closeDatabase, migrateDatabase, migrations } from '../../../src/core/db';
import { createLibraryStore } from '../../../src/core/library';
import type { Benchmark } from '../bench-context';
import { formatMs } from '../figure';
import { DATABASE_FILE } from '../fixtures/library-db';
import { makeSaidCorpus, typedQueries } from '../fixtures/said-cues';
import { seededRandom } from '../fixtures/random';
import { percentile } from '../stats';

const CUES_PER_VIDEO = 100;
const SAID_SCHEMA = 10;

/**
 * A library as the schema before the said index left it: one video post per track, each
 * with its subtitle file written beside it and recorded (posts, files, subtitles rows).
 */
async function writeOldLibrary(directory: string, tracks: readonly string[]): Promise<string> {
  await mkdir(directory, { recursive: true });
  const paths = tracks.map((_, index) => join(directory, `video-${index}.en.srt`));
  for (let index = 0; index < tracks.length; index++) await writeFile(paths[index] as string, tracks[index] as string);
  const path = join(directory, DATABASE_FILE);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  const migrated = migrateDatabase(db, migrations, SAID_SCHEMA - 1);
  if (!migrated.ok) throw new Error(migrated.error.message);
  const post = db.prepare(`INSERT INTO posts (id, site, platform_id, title, post_url, added_at, updated_at) VALUES (?, 'video', ?, ?, ?, 1, 1)`);
  const file = db.prepare("INSERT INTO files (id, post_id, path, size, kind, created_at) VALUES (?, ?, ?, ?, 'subtitle', 1)");
  const subtitle = db.prepare("INSERT INTO subtitles (file_id, post_id, language_tag, format) VALUES (?, ?, 'en', 'srt')");
  db.transaction(() => {
    tracks.forEach((track, index) => {
      const id = index + 1;
      post.run(id, `v${id}`, `Video ${id}`, `https://video.example/watch/v${id}`);
      file.run(id, id, paths[index], track.length);
      subtitle.run(id, id);
    });
  })();
  db.close();
  return path;
}

/** Benchmark 10: what was said, 1,000,000 cues (100,000 quick): indexed by the migration, then searched key by key. */
export const said: Benchmark = {
  id: '10',
  title: 'search what was said, 1,000,000 cues',
  async run(context) {
    const videos = context.quick ? 1000 : 10_000;
    const cues = videos * CUES_PER_VIDEO;
    const corpus = makeSaidCorpus(videos, CUES_PER_VIDEO);
    const path = await writeOldLibrary(join(context.runDir, 'said'), corpus.tracks);

    const db = new Database(path);
    db.pragma('foreign_keys = ON');
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const migrated = migrateDatabase(db, migrations, SAID_SCHEMA);
    const migrationMs = performance.now() - started;
    // the wall time is the figure; the CPU time shows how much of it other processes took
    const migrationCpuMs = (process.cpuUsage(cpuBefore).user + process.cpuUsage(cpuBefore).system) / 1000;
    if (!migrated.ok) throw new Error(migrated.error.message);
    const indexed = db.prepare('SELECT count(*) FROM cues').pluck().get() as number;
    if (indexed !== cues) throw new Error(`the migration indexed ${indexed} cues of ${cues}`);

    try {
      const store = createLibraryStore(db, { now: Date.now });
      const random = seededRandom(5);
      const cpuTimes: number[] = [];
      const search = (query: string): number => {
        const begun = performance.now();
        const cpu = process.cpuUsage();
        const found = store.searchSaid({ query });
        const ms = performance.now() - begun;
        const { user, system } = process.cpuUsage(cpu);
        cpuTimes.push((user + system) / 1000);
        if (!found.ok) throw new Error(`${query}: ${found.error.message}`);
        return ms;
      };
      typedQueries(corpus.sample, random, 20).forEach(search);
      cpuTimes.length = 0;
      const typed = typedQueries(corpus.sample, random, context.quick ? 60 : 300).map(search);
      const p95 = percentile(typed, 95);
      context.log(`10: ${cues.toLocaleString('en')} cues indexed by the migration in ${formatMs(migrationMs)} (CPU ${formatMs(migrationCpuMs)}), search while typing p95 ${formatMs(p95)} (CPU ${formatMs(percentile(cpuTimes, 95))})`);
      const size = `${cues.toLocaleString('en')} cues (${videos.toLocaleString('en')} videos of ${CUES_PER_VIDEO})`;
      return [
        { id: '10', name: `index ${size} by the migration, subtitle files read and parsed`, value: formatMs(migrationMs), reference: '—', goal: '< 15 s', met: migrationMs < 15_000, detail: { migrationMs, migrationCpuMs, cues, videos } },
        {
          id: '10',
          name: `search while typing p95 (${typed.length} keystrokes, 20 moments, with counts)`,
          value: formatMs(p95),
          reference: '—',
          goal: '< 20 ms',
          met: p95 < 20,
          detail: { queries: typed.length, p50: percentile(typed, 50), p95, max: Math.max(...typed), cpuP50: percentile(cpuTimes, 50), cpuP95: percentile(cpuTimes, 95) },
        },
      ];
    } finally {
      closeDatabase(db);
    }
  },
};
