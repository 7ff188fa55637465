import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library/library-store';
import { createLibraryStore } from '../../../src/core/library/library-store';
import { writeSidecar } from '../../../src/core/media';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

let temp: TempLibrary;
let library: LibraryStore;
let media: string;
beforeEach(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock() });
  media = join(temp.dir, 'downloads');
  mkdirSync(media);
  unwrap(library.upsertPosts([{ post: videoPost('abc') }]));
});
afterEach(() => temp.cleanup());

async function recordImage(name: string): Promise<string> {
  const file = join(media, name);
  writeFileSync(file, 'jpg');
  unwrap(library.addFile({ postId: 1, path: file, size: 3, kind: 'image' }));
  return file;
}

describe('removing a post with its files', () => {
  it("deletes each image's sidecar that Trove wrote, and reports it", async () => {
    const image = await recordImage('photo.jpg');
    expect(await writeSidecar(image, { title: 'Photo', link: 'https://video.example/watch/abc' })).toBe(true);
    const report = unwrap(await library.removePost({ id: 1, deleteFiles: true }));
    expect(report.files).toEqual([
      { path: image, outcome: 'deleted' },
      { path: join(media, 'photo.json'), outcome: 'deleted' },
    ]);
    expect(existsSync(join(media, 'photo.json'))).toBe(false);
  });

  it("leaves a .json of the same name that is not Trove's, and a sidecar when the files are kept", async () => {
    const foreign = await recordImage('mine.jpg');
    writeFileSync(join(media, 'mine.json'), '{"notes":"my own file"}');
    const kept = await recordImage('kept.jpg');
    await writeSidecar(kept, { title: 'Kept', link: 'https://video.example/watch/abc' });
    const report = unwrap(await library.removePost({ id: 1, deleteFiles: true }));
    expect(report.files.map((file) => file.path)).toEqual([foreign, kept, join(media, 'kept.json')]);
    expect(existsSync(join(media, 'mine.json'))).toBe(true);

    const id = unwrap(library.upsertPosts([{ post: videoPost('def') }]))[0]?.id ?? -1;
    const other = join(media, 'other.jpg');
    writeFileSync(other, 'jpg');
    unwrap(library.addFile({ postId: id, path: other, size: 3, kind: 'image' }));
    await writeSidecar(other, { title: 'Other', link: 'https://video.example/watch/def' });
    unwrap(await library.removePost({ id, deleteFiles: false }));
    expect(existsSync(join(media, 'other.json'))).toBe(true);
  });
});
