import { describe, expect, it } from 'vitest';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

describe('a download that can never succeed', () => {
  it('shows why it failed and can be cleared from the queue', async () => {
    const { page, core } = stack();
    const added = await core.call('jobs.add', { source: { kind: 'link', url: 'https://error.example/content_deleted' }, options: {} });
    expect(added.ok).toBe(true);
    await openScreen(page, '#/queue');
    const row = page.locator('[data-testid="job-row"][data-state="failed"]');
    await row.waitFor();
    expect(await row.textContent()).toContain('content_deleted');
    await screenshotThemes(page, 'queue-failed');

    // "Clear finished" keeps failed jobs for a retry; "Clear failed" removes them.
    expect(await page.getByRole('button', { name: 'Clear finished' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Clear failed' }).click();
    await row.waitFor({ state: 'detached' });
    const jobs = await core.call('jobs.list', {});
    expect(jobs.ok && jobs.value).toEqual([]);
  });
});
