import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { settingsFromStored, settingsPatchSchema } from '../../shared/settings';
import type { Settings, SettingsPatch } from '../../shared/settings';
import type { Result } from '../../shared/errors';
import { writeFileAtomic } from '../fs/write-file-atomic';

export interface SettingsStore {
  get(): Settings;
  /** Validates, applies and persists a patch; an invalid patch changes nothing. */
  update(patch: unknown): Promise<Result<Settings>>;
}

const FILE_NAME = 'settings.json';

/**
 * Settings live in `<dataDir>/settings.json`. `overrides` (command-line flags, tests) apply
 * on top for this process only and are never written back.
 */
export async function openSettingsStore(
  dataDir: string,
  overrides: SettingsPatch = {},
): Promise<{ store: SettingsStore; rejected: string[] }> {
  const path = join(dataDir, FILE_NAME);
  let stored: unknown = {};
  let unreadable = false;
  try {
    stored = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    // A missing file is a first start; an unreadable one falls back to defaults (reported).
    unreadable = (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
  const loaded = settingsFromStored(stored);
  let persisted = loaded.settings;
  const effective = (): Settings => ({ ...persisted, ...overrides });

  const store: SettingsStore = {
    get: effective,
    async update(patch) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: 'invalid_settings',
            message: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`).join('; '),
          },
        };
      }
      const next = { ...persisted, ...parsed.data };
      await writeFileAtomic(path, `${JSON.stringify(next, null, 2)}\n`);
      persisted = next;
      for (const name of Object.keys(parsed.data)) delete (overrides as Record<string, unknown>)[name];
      return { ok: true, value: effective() };
    },
  };
  return { store, rejected: unreadable ? [FILE_NAME] : loaded.rejected };
}
