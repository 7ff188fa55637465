import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openScreen, screenshotThemes, useWebStack } from './web-stack';

const stack = useWebStack();

/** Types into a settings field and leaves it, as a user does (the field saves on blur). */
async function enter(page: Page, label: string, value: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.press('Tab');
}

/** Grabs a link that fails and returns the service's message (a screenshot of the card first, when named). */
const errorMessage = async (page: Page, link: string, shot?: string): Promise<string> => {
  await openScreen(page, '#/grab');
  const box = page.locator('[data-screen="grab"] textarea');
  await box.fill(link);
  await box.press('Enter');
  const card = page.getByTestId('error-card').first();
  await card.waitFor();
  const message = (await card.getByTestId('error-message').textContent()) ?? '';
  if (shot) await screenshotThemes(page, shot);
  await card.getByRole('button').first().click();
  return message;
};

describe('settings', () => {
  it('validates what is typed, applies changes at once, previews the file name, and keeps them across a reload', async () => {
    const { page, core } = stack();
    await openScreen(page, '#/settings');
    await page.getByTestId('api-key').waitFor();
    expect(await page.getByTestId('key-status').textContent()).toBe('Set by TROVE_API_KEY');
    await page.getByRole('button', { name: 'Test key' }).click();
    await page.getByTestId('key-works').waitFor();
    await screenshotThemes(page, 'settings');

    await enter(page, 'Downloads at once', '99');
    expect(await page.getByText('Enter a whole number from 1 to 16.').count()).toBe(1);
    await enter(page, 'Downloads at once', '5');
    await enter(page, 'Speed limit (MB/s)', 'fast');
    await page.getByText('Enter a speed in MB/s').waitFor();
    await enter(page, 'Speed limit (MB/s)', '2.5');
    await enter(page, 'Subtitle languages', 'en, ja, not a tag!');
    await page.getByText('is not a language tag').waitFor();
    await enter(page, 'Subtitle languages', 'en, ja');

    const template = page.getByLabel('File name template');
    await template.fill('{date} {caption} [{titel}]');
    await page.getByTestId('template-preview').getByText('The template uses a field Trove does not know').waitFor();
    await template.fill('{date} {caption} [{quality}]');
    await page.waitForFunction(() => document.querySelector('[data-testid="template-preview"]')?.textContent === 'Example: 2026-05-14 Sunset over the bay [1080p].mp4');
    await template.press('Tab');
    await page.getByTestId('setting-theme').locator('label', { hasText: 'Dark' }).click();
    await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'dark');
    await page.waitForFunction(() => document.querySelectorAll('.field-status').length > 0 && [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent === 'Saved'));
    await screenshotThemes(page, 'settings-edited');

    const saved = await core.call('settings.get', {});
    expect(saved.ok && saved.value).toMatchObject({
      concurrency: 5,
      speedLimit: 2_500_000,
      subtitleLanguages: ['en', 'ja'],
      fileNameTemplate: '{date} {caption} [{quality}]',
      theme: 'dark',
    });

    await page.reload();
    await openScreen(page, '#/settings');
    await page.getByTestId('api-key').waitFor();
    expect(await page.getByLabel('Downloads at once', { exact: true }).inputValue()).toBe('5');
    expect(await page.getByLabel('Speed limit (MB/s)', { exact: true }).inputValue()).toBe('2.5');
    expect(await page.getByLabel('Subtitle languages', { exact: true }).inputValue()).toBe('en, ja');
    expect(await page.getByLabel('File name template').inputValue()).toBe('{date} {caption} [{quality}]');
    expect(await page.getByTestId('setting-theme').getByLabel('Dark').isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dataset['theme'])).toBe('dark');
    await page.getByTestId('setting-theme').locator('label', { hasText: 'As the system' }).click();
    await page.waitForFunction(() => document.documentElement.dataset['theme'] === 'system');
  });

  it('switches the UI and the service error messages to Chinese', async () => {
    const { page } = stack();
    const english = await errorMessage(page, 'https://error.example/private_content');
    expect(english).toMatch(/[a-z]/);

    await openScreen(page, '#/settings');
    await page.getByTestId('setting-language').locator('select').selectOption('zh');
    await page.waitForFunction(() => document.documentElement.lang === 'zh');
    const nav = (await page.getByRole('navigation').textContent()) ?? '';
    expect(nav).toContain('资料库');
    expect(nav).not.toContain('Library');
    await screenshotThemes(page, 'settings-chinese');

    const chinese = await errorMessage(page, 'https://error.example/private_content', 'grab-error-chinese');
    expect(chinese).not.toBe(english);
    expect(chinese).toMatch(/[\u4e00-\u9fff]/);
  });
});
