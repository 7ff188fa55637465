import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshFolders, launchDesktop, writeSettings } from './desktop-app';
import type { DesktopApp } from './desktop-app';

let app: DesktopApp | undefined;
afterAll(async () => {
  await app?.kill();
});

// What a bad sync tool leaves: a file under the library's name that is no database at all.
const GARBAGE = 'this is not an SQLite database, it was overwritten\n'.repeat(200);

describe('a damaged library when the desktop app starts', () => {
  it('is moved aside, kept byte for byte, and the window says so and offers the rebuild', async () => {
    const folders = await freshFolders();
    await writeSettings(folders, { onboarded: true, downloadFolder: folders.downloads });
    await writeFile(path.join(folders.userData, 'trove.db'), GARBAGE);
    app = await launchDesktop({ folders });
    const banner = app.page.getByTestId('library-notice');
    await banner.waitFor();
    expect(await banner.getAttribute('data-kind')).toBe('corrupt');
    expect(await banner.textContent()).toContain('The library was damaged.');
    await banner.getByRole('button', { name: 'Rebuild the library from files…' }).waitFor();
    const [aside] = (await readdir(folders.userData)).filter((name) => name.startsWith('trove.db.corrupt-'));
    expect(aside).toMatch(/^trove\.db\.corrupt-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/u);
    expect(await readFile(path.join(folders.userData, aside as string), 'utf8')).toBe(GARBAGE);
    expect(await banner.textContent()).toContain(path.join(folders.userData, aside as string));
    await app.screenshot('library-notice');
  });
});
