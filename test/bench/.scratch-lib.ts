import { existsSync, mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { insertPosts, openLibrary } from './fixtures/library-db';
import { makeCorpus } from './fixtures/library-posts';
const dir = '/tmp/scratch-lib';
const fresh = !existsSync(dir + '/trove.db');
mkdirSync(dir, { recursive: true });
const corpus = makeCorpus(100_000);
const { db, library } = openLibrary(dir);
if (fresh) console.log('insert ms', insertPosts(library, corpus.posts).toFixed(0));
const time = (label: string, q: object) => {
  const ts: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); const r = library.searchPosts(q as never); ts.push(performance.now() - t); if (!r.ok) throw new Error(r.error.message); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(40), ts[2]!.toFixed(2), 'ms');
};
if (process.argv[2] === 'analyze') { const t = performance.now(); db.exec('ANALYZE'); console.log('ANALYZE ms', (performance.now() - t).toFixed(0)); }
time('none', {});
time('site video created', { site: 'video', sort: 'created' });
time('mediaType video added', { mediaType: 'video', sort: 'added' });
time('mediaType image added', { mediaType: 'image', sort: 'added' });
time('author', { author: 'creator5', sort: 'created' });
time('date range', { from: '2024-03-01', to: '2024-06-30', sort: 'created', direction: 'asc' });
time('combo title', { site: 'video', mediaType: 'video', from: '2023-06-01', to: '2025-06-01', sort: 'title', direction: 'asc' });
time('hasSubtitles false size', { hasSubtitles: false, sort: 'size' });
time('offset 950', { sort: 'added', offset: 950 });
for (const w of [corpus.vocabulary[20]!, corpus.vocabulary[200]!, corpus.vocabulary[1500]!]) {
  time(`search ${w}`, { query: w + ' ' });
  time(`search prefix ${w.slice(0, 3)}`, { query: w.slice(0, 3) });
}
const plan = (sql: string) => console.log(sql.slice(0, 80), '\n ', db.prepare('EXPLAIN QUERY PLAN ' + sql).all().map((r: any) => r.detail).join('\n  '));
plan(`SELECT count(*) FROM posts p WHERE EXISTS (SELECT 1 FROM media_items m WHERE m.post_id = p.id AND m.media_type = 'video')`);
plan(`SELECT p.id FROM posts p WHERE p.site = 'video' ORDER BY coalesce(p.created_at, -1) DESC, p.id DESC LIMIT 51`);
db.close();
