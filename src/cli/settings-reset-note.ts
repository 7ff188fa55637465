import { join } from 'node:path';

/**
 * The warning a command prints (stderr, not with --json or --quiet) when the engine found
 * settings it could not read back and set to their defaults: otherwise a download folder or
 * a quality changes under the user without a word. See AppInfo.settingsReset.
 */
export function settingsResetNote(reset: readonly string[], dataDir: string): string | undefined {
  if (reset.length === 0) return undefined;
  if (reset.includes('settings.json')) {
    const file = join(dataDir, 'settings.json');
    return `Warning: ${file} could not be read, so the default settings are in use. The old file is kept as settings.json.damaged-… when a setting is next saved.`;
  }
  return `Warning: these settings had values Trove could not use and are at their defaults: ${reset.join(', ')}.`;
}
