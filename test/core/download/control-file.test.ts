import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readControlFile, resourceFingerprint, writeControlFile, type ControlFile } from '../../../src/core/download/control-file';
import { makeFolder, removeFolder } from './helpers';

describe('control file', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await makeFolder();
  });
  afterEach(async () => {
    await removeFolder(folder);
  });

  it('round-trips and never stores the signed URL', async () => {
    const url = new URL('https://cdn.example/media/v/1.mp4?exp=123&sig=secret');
    const control: ControlFile = { version: 1, resource: resourceFingerprint(url), etag: '"e1"', total: 1000, done: [[0, 100], [500, 600]] };
    const file = path.join(folder, 'a.mp4.part.json');
    await writeControlFile(file, control);
    expect(await readControlFile(file)).toEqual(control);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('secret');
    expect(text).not.toContain('cdn.example');
  });

  it('identifies a resource by host and path, not by its signature', () => {
    const a = resourceFingerprint(new URL('https://cdn.example/media/v/1.mp4?exp=1&sig=a'));
    const b = resourceFingerprint(new URL('https://cdn.example/media/v/1.mp4?exp=2&sig=b'));
    const other = resourceFingerprint(new URL('https://cdn.example/media/v/2.mp4?exp=1&sig=a'));
    expect(a).toBe(b);
    expect(a).not.toBe(other);
  });

  it('treats a missing, corrupt or foreign control file as absent', async () => {
    const file = path.join(folder, 'x.part.json');
    expect(await readControlFile(file)).toBeUndefined();
    await writeFile(file, '{"version":1,"resource":"r","total":10,"done":[[5,2]]}');
    expect(await readControlFile(file)).toBeUndefined();
    await writeFile(file, 'not json');
    expect(await readControlFile(file)).toBeUndefined();
    await writeFile(file, '{"version":2}');
    expect(await readControlFile(file)).toBeUndefined();
  });
});
