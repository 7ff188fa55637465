import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { closeDatabase, migrations, openDatabase } from '../../../src/core/db';
import type { LibraryStore, SearchPostsInput } from '../../../src/core/library';
import type { Benchmark } from '../bench-context';
import { formatMs } from '../figure';
import { DATABASE_FILE, insertPosts, openLibrary } from '../fixtures/library-db';
import { makeCorpus } from '../fixtures/library-posts';
import type { LibraryCorpus } from '../fixtures/library-posts';
import { pick, seededRandom } from '../fixtures/random';
import { writeSchema5Library } from '../fixtures/schema-5-library';
import { percentile } from '../stats';

const POSTS = 100_000;
/** The everyday path, for context: posts arriving a page at a time keep their indexes up to date as they go. */
const PAGE_BATCH = 1000;

/** The same posts written 1,000 a transaction into a library of their own; ms taken. */
async function insertInPages(directory: string, corpus: LibraryCorpus): Promise<number> {
  await mkdir(directory, { recursive: true });
  const { db, library: store } = openLibrary(directory);
  try {
    return insertPosts(store, corpus.posts, PAGE_BATCH);
  } finally {
    closeDatabase(db);
  }
}

/** The same posts in a library a Trove at schema 5 left; ms that opening it with today's migrations takes. */
async function upgradeFromSchema5(directory: string, corpus: LibraryCorpus): Promise<number> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, DATABASE_FILE);
  writeSchema5Library(path, corpus.posts);
  const started = performance.now();
  const opened = openDatabase(path, { migrations });
  const ms = performance.now() - started;
  if (!opened.ok) throw new Error(opened.error.message);
  closeDatabase(opened.value);
  return ms;
}

/** Each query's time through the store's typed method (input validation included). */
function timeQueries(library: LibraryStore, queries: readonly SearchPostsInput[]): number[] {
  return queries.map((query) => {
    const started = performance.now();
    const page = library.searchPosts(query);
    const ms = performance.now() - started;
    if (!page.ok) throw new Error(`${JSON.stringify(query)}: ${page.error.message}`);
    return ms;
  });
}

/** What people type: one or two remembered words, the last one still being typed (a prefix). */
function searchQueries(corpus: LibraryCorpus, count: number, random: () => number): SearchPostsInput[] {
  return Array.from({ length: count }, () => {
    const words = Array.from({ length: 1 + Math.floor(random() * 2) }, () => corpus.queryWord());
    const last = words.pop() as string;
    const typed = last.slice(0, Math.max(3, Math.ceil(last.length * (0.5 + random() / 2))));
    return { query: [...words, typed].join(' '), limit: 50 };
  });
}

/** The grid's filters: a site, a media type, an author, a date range, a sort, pages further down. */
function filterQueries(corpus: LibraryCorpus, count: number, random: () => number): SearchPostsInput[] {
  const templates: Array<() => SearchPostsInput> = [
    () => ({ site: pick(random, ['video', 'photos', 'music']), sort: 'created' }),
    () => ({ mediaType: pick(random, ['video', 'image', 'audio'] as const), sort: 'added' }),
    () => ({ author: pick(random, corpus.authors.slice(0, 200)), sort: 'created' }),
    () => ({ from: '2024-03-01', to: '2024-06-30', sort: 'created', direction: 'asc' }),
    () => ({ site: 'video', mediaType: 'video', from: '2023-06-01', to: '2025-06-01', sort: 'title', direction: 'asc' }),
    () => ({ hasSubtitles: false, sort: 'size' }),
  ];
  return Array.from({ length: count }, () => ({ ...pick(random, templates)(), limit: 50, offset: 50 * Math.floor(random() * 20) }));
}

/** Benchmark 6: a 100,000-post library: bulk insert, full-text search, filtered pages. */
export const library: Benchmark = {
  id: '6',
  title: 'library with 100,000 posts',
  async run(context) {
    const corpus = makeCorpus(POSTS);
    const pagedMs = await insertInPages(join(context.runDir, 'library-paged'), corpus);
    const dataDir = join(context.runDir, 'library');
    await mkdir(dataDir, { recursive: true });
    const { db, library: store } = openLibrary(dataDir);
    try {
      // one call, as a bulk import makes it: the writer builds the sort indexes after the rows
      const insertMs = insertPosts(store, corpus.posts);
      const random = seededRandom(7);
      const queries = context.quick ? 200 : 1000;
      // A few untimed queries first: statements are prepared once per query shape.
      timeQueries(store, [...searchQueries(corpus, 20, random), ...filterQueries(corpus, 20, random)]);
      const search = timeQueries(store, searchQueries(corpus, queries, random));
      const filtered = timeQueries(store, filterQueries(corpus, queries, random));
      const [searchP95, filteredP95] = [percentile(search, 95), percentile(filtered, 95)];
      // last: writing the old library's 90 MB must not weigh on the insert and queries timed above
      const upgradeMs = await upgradeFromSchema5(join(context.runDir, 'library-schema-5'), corpus);
      context.log(`6: insert ${formatMs(insertMs)} (${formatMs(pagedMs)} 1,000 a transaction), search p95 ${formatMs(searchP95)}, filtered p95 ${formatMs(filteredP95)}, upgrade from schema 5 ${formatMs(upgradeMs)}`);
      const queryDetail = (samples: number[]) => ({ queries: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), max: Math.max(...samples) });
      return [
        { id: '6', name: `bulk insert of ${POSTS.toLocaleString('en')} posts (one upsertPosts call)`, value: formatMs(insertMs), reference: '—', goal: '< 3 s', met: insertMs < 3000, detail: { insertMs } },
        { id: '6', name: `the same posts, ${PAGE_BATCH.toLocaleString('en')} a transaction (pages of a sync)`, value: formatMs(pagedMs), reference: '—', goal: 'context', detail: { pagedMs } },
        { id: '6', name: `upgrade from schema 5, ${POSTS.toLocaleString('en')} posts (migrations 6–13 at open)`, value: formatMs(upgradeMs), reference: '—', goal: '< 2 s', met: upgradeMs < 2000, detail: { upgradeMs } },
        { id: '6', name: `full-text search p95 (${search.length} queries, 50 a page, with total)`, value: formatMs(searchP95), reference: '—', goal: '< 10 ms', met: searchP95 < 10, detail: queryDetail(search) },
        { id: '6', name: `filtered page query p95 (${filtered.length} queries, with total)`, value: formatMs(filteredP95), reference: '—', goal: '< 5 ms', met: filteredP95 < 5, detail: queryDetail(filtered) },
      ];
    } finally {
      closeDatabase(db);
    }
  },
};
