import { readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import { openScreen, screenshot, useWebStack } from './web-stack';

/*
 * Web mode after the library was damaged: three posts downloaded from a sandbox by an
 * earlier run, then trove.db cut to half its size (a disk error, a bad sync). The app says
 * so at start, offers the rebuild in place, and Settings offers it again with its progress.
 */

async function downloadThenDamage(dataDir: string): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const { TROVE_API_KEY: _ignored, ...env } = process.env;
  const core = await createCore({
    dataDir,
    settings: { serviceUrl: sandbox.url, apiVersion: 'v1', downloadFolder: join(dataDir, 'downloads'), onboarded: true },
    env: { ...env, TROVE_API_KEY: 'sandbox-key' },
  });
  await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/e2e-rebuild-merged' }, options: { quality: 1080 } });
  await core.call('jobs.add', { source: { kind: 'link', url: 'https://photos.example/p/e2e-rebuild-photos' } });
  await core.call('jobs.add', { source: { kind: 'link', url: 'https://video.example/watch/e2e-rebuild-subs' }, options: { subtitles: { languages: ['en', 'es'], format: 'srt', embed: false } } });
  await core.idle();
  await core.close();
  await sandbox.close();
  const database = join(dataDir, 'trove.db');
  truncateSync(database, Math.floor(statSync(database).size / 2));
}

const stack = useWebStack({}, { seed: downloadThenDamage });

describe('a damaged library at start (web mode)', () => {
  it('is announced in plain words with the rebuild offered in place; the rebuild shows its progress and brings the posts back; Settings offers it again', async () => {
    const { page, dataDir, sandbox } = stack();
    expect(readdirSync(dataDir).filter((name) => name.startsWith('trove.db.corrupt-'))).toHaveLength(1);
    const banner = page.getByTestId('library-notice');
    await banner.waitFor();
    expect(await banner.getAttribute('data-kind')).toBe('corrupt');
    expect(await banner.textContent()).toContain('The library was damaged.');
    expect(await banner.textContent()).toMatch(/moved it aside to .*trove\.db\.corrupt-.* \(kept, not deleted\)/u);
    await screenshot(page, 'library-notice-corrupt');

    await banner.getByRole('button', { name: 'Rebuild the library from files…' }).click();
    expect(await banner.textContent()).toContain('no credits are used');
    await banner.getByRole('button', { name: 'Rebuild', exact: true }).click();
    await banner.getByRole('progressbar', { name: 'Reading files' }).waitFor();
    const report = banner.getByTestId('rebuild-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.textContent()).toContain('Added: 3 posts, 5 files, 2 subtitles.');
    await screenshot(page, 'library-notice-rebuilt');
    // The rebuild asked the service for nothing (this stack's sandbox saw no call at all).
    expect(sandbox.stats().charges).toEqual([]);

    await openScreen(page, '#/library');
    await page.getByText('3 posts', { exact: false }).first().waitFor();

    await openScreen(page, '#/settings');
    const section = page.locator('#settings-library').locator('..');
    await section.getByRole('button', { name: 'Rebuild the library from files…' }).click();
    await section.getByRole('button', { name: 'Rebuild', exact: true }).click();
    const again = section.getByTestId('rebuild-report');
    await again.waitFor({ timeout: 60_000 });
    expect(await again.textContent()).toContain('Added: 0 posts, 0 files, 0 subtitles. 3 posts were already in the library.');
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'settings-rebuild');
  });
});
