import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeMediaPath } from '../../../src/renderer/src/api/media-path';
import { resolveMediaPath } from '../../../src/node-shared/media/resolve-media-path';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'trove-encode-'));
  await mkdir(path.join(base, 'Ana & Bo', '100% real'), { recursive: true });
  await writeFile(path.join(base, 'Ana & Bo', '100% real', 'clip #1?.mp4'), 'x');
});
afterAll(() => rm(base, { recursive: true, force: true }));

describe('encodeMediaPath (renderer) and resolveMediaPath (faces)', () => {
  it('agree on names with spaces, %, #, ? and &', async () => {
    const file = path.join(base, 'Ana & Bo', '100% real', 'clip #1?.mp4');
    const encoded = encodeMediaPath(file);
    expect(encoded).not.toMatch(/[ #?&]/);
    expect(await resolveMediaPath([base], encoded)).toEqual({ ok: true, value: file });
  });
});
