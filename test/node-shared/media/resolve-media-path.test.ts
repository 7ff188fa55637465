import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaRoots } from '../../../src/node-shared/media/media-roots';
import { resolveMediaPath, resolveStaticPath } from '../../../src/node-shared/media/resolve-media-path';

let base: string;
let library: string;
let data: string;
let secret: string;

beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'trove-media-'));
  library = path.join(base, 'library');
  data = path.join(base, 'data');
  await mkdir(path.join(library, 'Ana - clip'), { recursive: true });
  await mkdir(path.join(data, 'thumbnails'), { recursive: true });
  await writeFile(path.join(library, 'Ana - clip', 'video 1#.mp4'), 'video');
  await writeFile(path.join(data, 'thumbnails', 'a.jpg'), 'jpeg');
  secret = path.join(base, 'secret.txt');
  await writeFile(secret, 'not for the renderer');
  // One link escapes the roots, one stays inside them.
  await symlink(secret, path.join(library, 'escape.txt'));
  await symlink(path.join(library, 'Ana - clip', 'video 1#.mp4'), path.join(data, 'inside-link.mp4'));
  await symlink(base, path.join(library, 'up'));
});

afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

const roots = (): string[] => [library, data];
/** A media URL path as the renderer builds it: one encoded segment per path part. */
const encodeMediaPath = (file: string): string =>
  `/${file.split(path.sep).filter((part) => part !== '').map(encodeURIComponent).join('/')}`;

describe('resolveMediaPath', () => {
  it('serves a file inside the library, named by the encoding the renderer uses', async () => {
    const file = path.join(library, 'Ana - clip', 'video 1#.mp4');
    const result = await resolveMediaPath(roots(), encodeMediaPath(file));
    expect(result).toEqual({ ok: true, value: file });
  });

  it('serves files of the data folder and symlinks that stay inside the roots', async () => {
    expect((await resolveMediaPath(roots(), encodeMediaPath(path.join(data, 'thumbnails', 'a.jpg')))).ok).toBe(true);
    const linked = await resolveMediaPath(roots(), encodeMediaPath(path.join(data, 'inside-link.mp4')));
    expect(linked).toEqual({ ok: true, value: path.join(library, 'Ana - clip', 'video 1#.mp4') });
  });

  it('refuses a file outside every root', async () => {
    const result = await resolveMediaPath(roots(), encodeMediaPath(secret));
    expect(result).toMatchObject({ ok: false, error: { code: 'media_outside_roots' } });
  });

  it('refuses ".." segments, plain or percent-encoded', async () => {
    const plain = `${encodeMediaPath(library)}/../secret.txt`;
    const encoded = `${encodeMediaPath(library)}/%2e%2e/secret.txt`;
    expect(await resolveMediaPath(roots(), plain)).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
    expect(await resolveMediaPath(roots(), encoded)).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
  });

  it('refuses encoded slashes, backslashes and NUL', async () => {
    for (const trick of ['..%2Fsecret.txt', '..%2fsecret.txt', '..%5Csecret.txt', 'a.mp4%00.jpg', '..\\secret.txt']) {
      const result = await resolveMediaPath(roots(), `${encodeMediaPath(library)}/${trick}`);
      expect(result, trick).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
    }
  });

  it('refuses symlinks that lead out of the roots', async () => {
    const file = await resolveMediaPath(roots(), encodeMediaPath(path.join(library, 'escape.txt')));
    expect(file).toMatchObject({ ok: false, error: { code: 'media_outside_roots' } });
    const throughFolder = await resolveMediaPath(roots(), encodeMediaPath(path.join(library, 'up', 'secret.txt')));
    expect(throughFolder).toMatchObject({ ok: false, error: { code: 'media_outside_roots' } });
  });

  it('refuses relative paths, empty segments, folders, missing files and empty roots', async () => {
    expect(await resolveMediaPath(roots(), 'relative/a.mp4')).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
    expect(await resolveMediaPath(roots(), `${encodeMediaPath(library)}//x`)).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
    expect(await resolveMediaPath(roots(), encodeMediaPath(path.join(library, 'Ana - clip')))).toMatchObject({
      ok: false,
      error: { code: 'media_not_found' },
    });
    expect(await resolveMediaPath(roots(), encodeMediaPath(path.join(library, 'nope.mp4')))).toMatchObject({
      ok: false,
      error: { code: 'media_not_found' },
    });
    // The default download folder is '' until chosen: it must not mean "the current directory".
    expect(await resolveMediaPath([''], encodeMediaPath(path.join(process.cwd(), 'package.json')))).toMatchObject({
      ok: false,
      error: { code: 'media_outside_roots' },
    });
  });
});

describe('resolveStaticPath', () => {
  it('serves index.html for "/" and files of the bundle, nothing outside it', async () => {
    await writeFile(path.join(library, 'index.html'), '<!doctype html>');
    expect(await resolveStaticPath(library, '/')).toEqual({ ok: true, value: path.join(library, 'index.html') });
    expect(await resolveStaticPath(library, '/../secret.txt')).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
    expect(await resolveStaticPath(library, '/%2e%2e%2fsecret.txt')).toMatchObject({ ok: false, error: { code: 'media_bad_path' } });
    expect(await resolveStaticPath(library, '/escape.txt')).toMatchObject({ ok: false, error: { code: 'media_outside_roots' } });
  });
});

describe('mediaRoots: what both faces serve', () => {
  it('the download folder and the cached thumbnails, never the rest of the data folder (database, settings, browser profile)', async () => {
    await writeFile(path.join(data, 'trove.db'), 'SQLite format 3');
    await mkdir(path.join(data, 'Network'), { recursive: true });
    await writeFile(path.join(data, 'Network', 'Cookies'), 'cookies');
    const roots = mediaRoots(library, data);
    const encoded = (file: string) => file.split(path.sep).map(encodeURIComponent).join('/');
    expect((await resolveMediaPath(roots, encoded(path.join(library, 'Ana - clip', 'video 1#.mp4')))).ok).toBe(true);
    expect((await resolveMediaPath(roots, encoded(path.join(data, 'thumbnails', 'a.jpg')))).ok).toBe(true);
    for (const privateFile of [path.join(data, 'trove.db'), path.join(data, 'Network', 'Cookies')]) {
      expect(await resolveMediaPath(roots, encoded(privateFile))).toMatchObject({ ok: false, error: { code: 'media_outside_roots' } });
    }
  });
});
