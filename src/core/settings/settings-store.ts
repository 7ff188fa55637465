import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { settingsFromStored, settingsPatchSchema, settingsSchema } from '../../shared/settings';
import type { Settings, SettingsPatch } from '../../shared/settings';
import type { Result } from '../../shared/errors';
import { writeFileAtomic } from '../fs';

export interface SettingsStore {
  get(): Settings;
  /** Validates, applies and persists a patch; an invalid patch, or one that cannot be saved, changes nothing. */
  update(patch: unknown): Promise<Result<Settings>>;
}

const FILE_NAME = 'settings.json';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The file as stored: `damaged` when it exists but is not a JSON object. */
async function readStored(path: string): Promise<{ record: Record<string, unknown>; damaged: boolean }> {
  try {
    const json: unknown = JSON.parse(await readFile(path, 'utf8'));
    return isRecord(json) ? { record: json, damaged: false } : { record: {}, damaged: true };
  } catch (error) {
    // A missing file is a first start; an unreadable one falls back to defaults (reported).
    return { record: {}, damaged: (error as NodeJS.ErrnoException).code !== 'ENOENT' };
  }
}

/**
 * Settings live in `<dataDir>/settings.json`. `overrides` (command-line flags, tests) apply
 * on top for this process only and are never written back. Settings this version does not
 * know (a newer Trove wrote them) are written back untouched; a damaged file is renamed
 * aside before the first save replaces it, so the user can still recover what it held.
 */
export async function openSettingsStore(
  dataDir: string,
  overrides: SettingsPatch = {},
): Promise<{ store: SettingsStore; rejected: string[] }> {
  const path = join(dataDir, FILE_NAME);
  const { record, damaged } = await readStored(path);
  const unknown = Object.fromEntries(Object.entries(record).filter(([name]) => !Object.hasOwn(settingsSchema.shape, name)));
  const loaded = settingsFromStored(record);
  let persisted = loaded.settings;
  let setAside = !damaged;
  const effective = (): Settings => ({ ...persisted, ...overrides });

  async function save(patch: SettingsPatch): Promise<Result<Settings>> {
    const next = { ...persisted, ...patch };
    try {
      if (!setAside) {
        await rename(path, `${path}.damaged-${Date.now()}`).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        });
        setAside = true;
      }
      await writeFileAtomic(path, `${JSON.stringify({ ...unknown, ...next }, null, 2)}\n`);
    } catch (error) {
      return { ok: false, error: { code: 'settings_write_failed', retryable: true, message: `Could not save the settings to ${path}: ${reasonOf(error)}` } };
    }
    persisted = next;
    for (const name of Object.keys(patch)) delete (overrides as Record<string, unknown>)[name];
    return { ok: true, value: effective() };
  }

  // one save at a time: each starts from what the one before it left, so none is lost
  let queue: Promise<unknown> = Promise.resolve();
  const store: SettingsStore = {
    get: effective,
    update(patch) {
      const parsed = settingsPatchSchema.safeParse(patch);
      if (!parsed.success) {
        return Promise.resolve({
          ok: false,
          error: {
            code: 'invalid_settings',
            message: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'settings'}: ${issue.message}`).join('; '),
          },
        });
      }
      const saved = queue.then(() => save(parsed.data));
      queue = saved;
      return saved;
    },
  };
  return { store, rejected: damaged ? [FILE_NAME] : loaded.rejected };
}
