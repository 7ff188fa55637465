import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../src/core/api/service-client';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { startSandbox } from '../../../src/sandbox';
import type { Sandbox } from '../../../src/sandbox';
import type { ApiVersion } from '../../../src/shared/settings';
import type { Post } from '../../../src/shared/post';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

let sandbox: Sandbox;
let temp: TempLibrary;
let library: LibraryStore;

beforeAll(async () => {
  sandbox = await startSandbox();
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock() });
});
afterAll(async () => {
  temp?.cleanup();
  await sandbox?.close();
});

const extract = async (apiVersion: ApiVersion, url: string): Promise<Post> => {
  const client = createServiceClient({ baseUrl: sandbox.url, apiVersion, getKey: () => Promise.resolve(sandbox.keys[0]) });
  const result = await client.extractPost(url);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('the same post extracted through v1 and the legacy API', () => {
  it('keeps the v1 description when the legacy caption (its title) comes in later', async () => {
    const url = 'https://video.example/watch/both-versions';
    const v1 = await extract('v1', url);
    const legacy = await extract('legacy', url);
    // legacy sends the title as its one caption, `text`
    expect(legacy.text).toBe(v1.title);
    const [first] = unwrap(library.upsertPosts([{ post: v1 }]));
    const [again] = unwrap(library.upsertPosts([{ post: legacy }]));
    expect(again).toEqual({ id: first?.id, created: false });
    expect(unwrap(library.getPost(first?.id ?? 0))).toMatchObject({ title: v1.title, text: v1.text, caption: v1.title });
    // the description is still found, the title too
    expect(unwrap(library.searchPosts({ query: 'deterministic' })).total).toBe(1);
  });

  it('a legacy caption that is new text still replaces the old one', async () => {
    const [first] = unwrap(library.upsertPosts([{ post: await extract('v1', 'https://photos.example/p/caption-edit') }]));
    const legacy = await extract('legacy', 'https://photos.example/p/caption-edit');
    unwrap(library.upsertPosts([{ post: { ...legacy, text: 'edited caption' } }]));
    expect(unwrap(library.getPost(first?.id ?? 0))?.text).toBe('edited caption');
  });
});
