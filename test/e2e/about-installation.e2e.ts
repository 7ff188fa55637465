import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, screenshot, useWebStack } from './web-stack';

const stack = useWebStack();

/** The value shown beside a label of the facts list. */
const fact = (page: Page, term: string) => page.getByTestId('about-installation').locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');

/** How far the section reaches past the window's right edge (0 when it fits). */
async function overflowRight(page: Page, width: number): Promise<number> {
  const box = await page.getByTestId('about-installation').boundingBox();
  return box ? Math.max(0, box.x + box.width - width) : Infinity;
}

/**
 * At the given window size: the window scrolled to the section's heading, and the whole
 * section, as test-results/about-<name>-<size>.png and …-section.png.
 */
async function shoot(page: Page, name: string, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  const section = page.locator('section[aria-labelledby="settings-about"]');
  await section.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  expect(await overflowRight(page, width)).toBe(0);
  await screenshot(page, `about-${name}-${width}x${height}`);
  // The screen scrolls inside the window: a tall window shows the whole section at this width.
  await page.setViewportSize({ width, height: 2400 });
  await section.screenshot({ path: `test-results/about-${name}-${width}x${height}-section.png` });
  await page.setViewportSize({ width, height });
}

describe('Settings → About this installation', () => {
  it('shows the engine’s facts, each problem with its fix, and reads well in English and Chinese at 800×600 and 1280×800', async () => {
    const { page, core, dataDir } = stack();
    const expected = await core.call('app.diagnostics', {});
    if (!expected.ok) throw new Error(expected.error.message);

    await openScreen(page, '#/settings');
    const section = page.getByTestId('about-installation');
    await section.locator('dl').waitFor();
    expect(await page.locator('#settings-about').textContent()).toBe('About this installation');
    expect(await fact(page, 'Node.js').textContent()).toBe(process.versions.node);
    expect(await fact(page, 'Data folder').textContent()).toContain(dataDir);
    expect(await fact(page, 'Data folder').textContent()).toMatch(/ free of /);
    if (expected.value.ffmpeg) {
      expect(await fact(page, 'ffmpeg').textContent()).toContain(expected.value.ffmpeg.version);
      expect(await fact(page, 'ffmpeg').textContent()).toContain(expected.value.ffmpeg.path);
    }
    expect(await fact(page, 'API key').textContent()).toBe('Set by TROVE_API_KEY');
    expect(await fact(page, 'Built-in sandbox').textContent()).toBe('Not in use');
    const keychainLabel = { keytar: 'keytar', 'napi-rs-keyring': '@napi-rs/keyring', none: '' }[expected.value.keychain.backend];
    if (expected.value.keychain.works) expect(await fact(page, 'Keychain').textContent()).toBe(`${keychainLabel}, works`);
    else {
      // No keychain here, but the key comes from TROVE_API_KEY: a warning whose fix says so.
      const warning = section.locator('[data-code="keychain_unavailable"]');
      expect(await warning.getAttribute('class')).toContain('notice-warning');
      expect(await warning.textContent()).toContain('Nothing to do while TROVE_API_KEY is set');
    }
    // Web mode is not the desktop app: no Electron line.
    expect(await section.locator('dt', { hasText: 'Electron' }).count()).toBe(0);
    await shoot(page, 'en', 1280, 800);
    await shoot(page, 'en', 800, 600);

    // A broken ffmpeg path: after "Check again" the problem shows with its fix.
    const notFfmpeg = join(dataDir, 'not-ffmpeg');
    await writeFile(notFfmpeg, 'text', { mode: 0o644 });
    expect((await core.call('settings.update', { ffmpegPath: notFfmpeg })).ok).toBe(true);
    await page.getByRole('button', { name: 'Check again' }).click();
    const problem = section.locator('[data-code="ffmpeg_setting_broken"]');
    await problem.waitFor();
    expect(await problem.locator('strong').textContent()).toBe('The ffmpeg path in Settings does not work');
    expect(await problem.textContent()).toContain(notFfmpeg);
    expect(await problem.textContent()).toContain('Fix: Correct the path under Downloads → ffmpeg');
    expect(await fact(page, 'ffmpeg').textContent()).toBe('None works');
    await shoot(page, 'problem-en', 1280, 800);
    await shoot(page, 'problem-en', 800, 600);

    expect((await core.call('settings.update', { language: 'zh' })).ok).toBe(true);
    await page.getByText('关于此安装').waitFor();
    await section.locator('[data-code="ffmpeg_setting_broken"] strong', { hasText: '设置中的 ffmpeg 路径无法使用' }).waitFor();
    expect(await fact(page, '数据文件夹').textContent()).toMatch(/可用 .+，共 /);
    await shoot(page, 'problem-zh', 1280, 800);
    await shoot(page, 'problem-zh', 800, 600);

    expect((await core.call('settings.update', { language: 'de' })).ok).toBe(true);
    await page.getByText('Über diese Installation').waitFor();
    await shoot(page, 'problem-de', 800, 600);

    // Fixed: cleared, and checked again, the problem is gone.
    expect((await core.call('settings.update', { ffmpegPath: '', language: 'en' })).ok).toBe(true);
    await page.getByRole('button', { name: 'Check again' }).click();
    await problem.waitFor({ state: 'detached' });
  });
});
