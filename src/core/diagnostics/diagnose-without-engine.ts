import type { Diagnostics, DiagnosticProblem } from '../../shared/diagnostics';
import type { SettingsPatch } from '../../shared/settings';
import { defaultDownloadFolder } from '../files';
import { locateFfmpeg } from '../media';
import { KEY_SERVICE_ENV_VAR, createKeyStore, describeKeychain } from '../secrets';
import { openSettingsStore } from '../settings';
import { collectDiagnostics } from './collect-diagnostics';

export interface UnopenedEngine {
  dataDir: string;
  settings: SettingsPatch;
  env: NodeJS.ProcessEnv;
  version: string;
  /** Why createCore refused to start (its CoreStartError, or what it threw). */
  failure: { code: string; message: string };
}

function libraryProblem(failure: UnopenedEngine['failure']): DiagnosticProblem {
  return {
    code: 'library_unavailable',
    essential: true,
    message: failure.message,
    fix:
      failure.code === 'database_too_new'
        ? 'Update Trove: this library was written by a newer version, and an older one never changes it.'
        : 'Check the disk and the permissions of the data folder. If trove.db is damaged, restore it from a backup, or move it aside so Trove starts an empty library.',
  };
}

/**
 * `trove doctor` when the engine cannot open the data folder: every fact that does not need
 * the library, read the way the engine would, plus why it did not open. This is when the
 * check is needed most, so a broken folder must not keep it from answering.
 */
export async function diagnoseWithoutEngine(unopened: UnopenedEngine): Promise<Diagnostics> {
  const { store } = await openSettingsStore(unopened.dataDir, unopened.settings);
  const settings = store.get();
  const keys = createKeyStore({ env: unopened.env, ...(unopened.env[KEY_SERVICE_ENV_VAR] ? { service: unopened.env[KEY_SERVICE_ENV_VAR] } : {}) });
  const diagnostics = await collectDiagnostics({
    trove: unopened.version,
    env: unopened.env,
    settings,
    sandboxActive: false,
    dataDir: unopened.dataDir,
    downloadFolder: settings.downloadFolder || defaultDownloadFolder(),
    ffmpeg: () => locateFfmpeg({ setting: settings.ffmpegPath, env: unopened.env }),
    keychain: () => describeKeychain({ env: unopened.env }),
    keyStatus: () => keys.status(),
  });
  // A folder that cannot be written already says why; anything else is the library's own refusal.
  const explained = diagnostics.problems.some((problem) => problem.code === 'data_dir_unwritable');
  return explained ? diagnostics : { ...diagnostics, problems: [libraryProblem(unopened.failure), ...diagnostics.problems] };
}
