import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWindowState, writeWindowState } from '../../src/main/window-state-file';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'trove-window-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('window state file', () => {
  it('round-trips the saved bounds', async () => {
    const file = path.join(dir, 'window-state.json');
    const state = { x: 10, y: 20, width: 900, height: 600, maximized: true };
    await writeWindowState(file, state);
    expect(await readWindowState(file)).toEqual(state);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);
  });

  it('treats a missing, unparsable or invalid file as no state', async () => {
    expect(await readWindowState(path.join(dir, 'missing.json'))).toBeUndefined();
    await writeFile(path.join(dir, 'broken.json'), '{"x": 1,');
    expect(await readWindowState(path.join(dir, 'broken.json'))).toBeUndefined();
    await writeFile(path.join(dir, 'invalid.json'), '{"x": 1, "y": 1, "width": 0, "height": 1, "maximized": false}');
    expect(await readWindowState(path.join(dir, 'invalid.json'))).toBeUndefined();
  });
});
