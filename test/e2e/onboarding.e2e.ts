import { describe, expect, it } from 'vitest';
import { grab, openScreen, screenshotThemes, useWebStack } from './web-stack';

// A fresh install: not set up, no API key.
const stack = useWebStack({}, { onboarded: false, withKey: false });

describe('first run', () => {
  it('checks a key with the service before keeping it, and starts the sandbox to try Trove without one', async () => {
    const { page, core, sandbox } = stack();
    const onboarding = page.getByTestId('onboarding');
    await onboarding.waitFor();
    await screenshotThemes(page, 'onboarding');

    // A key the service refuses is never kept: the free credit query says so first.
    await onboarding.getByLabel('Service URL').fill(sandbox.url);
    await onboarding.getByLabel('API key').fill('not-a-real-key');
    await onboarding.getByRole('button', { name: 'Check and continue' }).click();
    const error = onboarding.getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toContain('key_rejected');
    expect(sandbox.stats().charges).toHaveLength(0);
    const settings = await core.call('settings.get', {});
    expect(settings.ok && settings.value.onboarded).toBe(false);

    await onboarding.getByRole('button', { name: 'Try the sandbox' }).click();
    const badge = page.getByTestId('sandbox-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toContain('sample media');
    await page.waitForFunction(() => /12,000/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''));
    const info = await core.call('app.info', {});
    expect(info.ok && info.value.sandbox.active).toBe(true);
    // While sandbox mode is on, the engine's service is the sandbox's own (a second one, just started).
    const after = await core.call('settings.get', {});
    expect(after.ok && after.value.serviceUrl).toBe(info.ok ? info.value.sandbox.url : 'no sandbox');
    await screenshotThemes(page, 'onboarding-sandbox-started');
    // Set up is done: after a restart (sandbox mode off) the welcome does not come back.
    const done = await core.call('settings.get', {});
    expect(done.ok && done.value.onboarded).toBe(true);
    // The key badge names the sandbox's key, never "Checking…" for good.
    await openScreen(page, '#/settings');
    await page.waitForFunction(() => document.querySelector('[data-testid="key-status"]')?.textContent === 'Sandbox key in use');

    // A fresh install's screens say what they are for (before anything is grabbed: a preview
    // is a charged call, which the balance screen lists when it is first opened).
    for (const [hash, name] of [
      ['#/library', 'library-empty'],
      ['#/subtitles', 'subtitles-empty'],
      ['#/balance', 'balance-empty'],
      ['#/queue', 'queue-empty'],
    ] as const) {
      await openScreen(page, hash);
      await page.locator(`[data-screen="${hash.slice(2)}"] [data-testid="empty-state"]`).first().waitFor();
      await screenshotThemes(page, name);
    }

    // The sandbox's preview images are allowed (the page took the new image policy on).
    await grab(page, 'https://video.example/watch/e2e-onboarding');
    const preview = page.getByTestId('post-card').locator('img.thumb').first();
    await preview.waitFor();
    await page.waitForFunction(() => ((document.querySelector('[data-testid="post-card"] img.thumb') as HTMLImageElement | null)?.naturalWidth ?? 0) > 0);
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    // A reload keeps the session in sandbox mode (the engine holds it, not the page).
    await page.reload();
    await page.getByTestId('sandbox-badge').waitFor();
    expect(await page.getByTestId('onboarding').count()).toBe(0);
  });
});
