import { join } from 'node:path';
import { closeDatabase, migrations, openDatabase } from '../../src/core/db';
import { createLibraryStore } from '../../src/core/library';
import type { Post } from '../../src/shared/post';

const WORDS = ['harbor', 'sunset', 'violin', 'mountain', 'recipe', 'garden', 'comet', 'lantern', 'river', 'market', 'puzzle', 'meadow'];
const SITES = ['video.example', 'photos.example', 'music.example'] as const;
const BATCH = 1000;
const DAY_MS = 86_400_000;

/** A deterministic post: varied captions, sites, authors and dates, as a large real library has. */
function post(index: number): Post {
  const site = SITES[index % SITES.length] ?? 'video.example';
  const word = (offset: number) => WORDS[(index * 7 + offset) % WORDS.length];
  return {
    site,
    id: `seed-${index}`,
    title: `${word(0)} ${word(3)} ${word(5)} #${index}`,
    text: `A seeded post about the ${word(1)} and the ${word(2)}.`,
    medias: [{ media_type: site === 'photos.example' ? 'image' : site === 'music.example' ? 'audio' : 'video', resource_url: `https://${site}/media/${index}` }],
    author: { username: `creator${index % 500}`, display_name: `Creator ${index % 500}` },
    created_at: new Date(Date.UTC(2020, 0, 1) + (index % 2000) * DAY_MS).toISOString(),
    post_url: `https://${site}/p/seed-${index}`,
  };
}

/** Writes `count` posts into the data dir's library with the store's bulk upsert, before a Core opens it. */
export function seedLibrary(dataDir: string, count: number): void {
  const opened = openDatabase(join(dataDir, 'trove.db'), { migrations });
  if (!opened.ok) throw new Error(opened.error.message);
  const library = createLibraryStore(opened.value, { now: Date.now });
  try {
    for (let start = 0; start < count; start += BATCH) {
      const inputs = Array.from({ length: Math.min(BATCH, count - start) }, (_unused, offset) => ({ post: post(start + offset) }));
      const done = library.upsertPosts(inputs);
      if (!done.ok) throw new Error(done.error.message);
    }
  } finally {
    closeDatabase(opened.value);
  }
}
