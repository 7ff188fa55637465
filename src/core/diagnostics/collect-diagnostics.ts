import semver from 'semver';
import type { KeyStatus } from '../../shared/contract';
import type { DiagnosticProblem, Diagnostics } from '../../shared/diagnostics';
import type { ErrorInfo, Result } from '../../shared/errors';
import type { Settings } from '../../shared/settings';
import { HOW_TO_GET_FFMPEG } from '../media';
import type { FfmpegInfo } from '../media';
import type { KeychainReport } from '../secrets';
import { supportedNodeRange } from './supported-node';
import { folderFacts } from './folder-facts';
import { folderProblems } from './folder-problems';

/** Where the facts come from: the engine's own services, so the check sees what the engine uses. */
export interface DiagnosticsSources {
  trove: string;
  /** Given by the desktop face only. */
  electron?: string | undefined;
  env: NodeJS.ProcessEnv;
  /** The settings the engine runs with (in sandbox mode, the sandbox's service). */
  settings: Settings;
  sandboxActive: boolean;
  dataDir: string;
  downloadFolder: string;
  /** A fresh lookup: the answer must be true now, not when the engine started. */
  ffmpeg(): Promise<Result<FfmpegInfo, ErrorInfo>>;
  keychain(): Promise<KeychainReport>;
  keyStatus(): Promise<Result<KeyStatus, ErrorInfo>>;
}

function ffmpegProblem(failure: ErrorInfo, sources: DiagnosticsSources): DiagnosticProblem {
  // locateFfmpeg tries the user's explicit choices first and never replaces a broken one.
  if (sources.settings.ffmpegPath.trim()) {
    return {
      code: 'ffmpeg_setting_broken',
      essential: true,
      message: failure.message,
      fix: 'Correct the ffmpeg path in Settings → Downloads, or clear it so Trove finds ffmpeg by itself.',
    };
  }
  if (sources.env['FFMPEG_PATH']?.trim()) {
    return {
      code: 'ffmpeg_env_broken',
      essential: true,
      message: failure.message,
      fix: 'Point FFMPEG_PATH at a working ffmpeg binary, or unset it so Trove finds ffmpeg by itself.',
    };
  }
  return {
    code: 'ffmpeg_missing',
    essential: true,
    // The locator's own words name every place it looked; its advice is the fix.
    message: `${failure.message.replace(HOW_TO_GET_FFMPEG, '').trim()} Without it, separate video and audio cannot be merged and subtitles cannot be embedded.`,
    fix: HOW_TO_GET_FFMPEG,
  };
}

function keyProblems(keychain: KeychainReport, key: KeyStatus | null, sources: DiagnosticsSources): DiagnosticProblem[] {
  const keyFromEnvironment = Boolean(sources.env['TROVE_API_KEY']?.trim());
  if (!keychain.works) {
    return [
      {
        code: 'keychain_unavailable',
        // With TROVE_API_KEY the keychain is not needed; without it no key can be kept.
        essential: !keyFromEnvironment,
        message: keychain.problem ?? 'The system keychain cannot be used: an API key cannot be stored.',
        fix:
          keychain.fix ??
          'Start the system keychain (on Linux: a Secret Service such as gnome-keyring, unlocked), or set TROVE_API_KEY in the environment instead.',
      },
    ];
  }
  if (key && !key.isSet && !sources.sandboxActive) {
    return [
      {
        code: 'no_api_key',
        essential: false,
        message: 'No API key is set: only the built-in sandbox (sample media) can be used.',
        fix: 'Add your key in Settings → Service, or run `trove key set`; on a machine without a keychain, set TROVE_API_KEY.',
      },
    ];
  }
  return [];
}

/**
 * Everything "About this installation" and `trove doctor` show. Fast and side-effect free:
 * it reads versions, runs `ffmpeg -version`, asks the keychain whether it answers (never
 * for the key itself) and the file system for free space; it writes nothing.
 */
export async function collectDiagnostics(sources: DiagnosticsSources): Promise<Diagnostics> {
  const node = process.versions.node;
  const [ffmpeg, keychain, key, dataFolder, downloadFolder] = await Promise.all([
    sources.ffmpeg(),
    sources.keychain(),
    sources.keyStatus(),
    folderFacts(sources.dataDir),
    folderFacts(sources.downloadFolder),
  ]);
  const keyStatus = key.ok ? key.value : null;
  // package.json's engines.node, the range every entry point checks before it starts.
  const supported = supportedNodeRange();
  const problems: DiagnosticProblem[] = [
    ...(semver.satisfies(node, supported)
      ? []
      : [
          {
            code: 'node_too_old' as const,
            essential: true,
            message: `Trove needs Node.js ${supported}; this is Node.js ${node}.`,
            fix: `Run Trove through npm (npm start, npm run trove -- …), which uses the Node installed with it, or install Node.js ${supported} (https://nodejs.org/).`,
          },
        ]),
    ...(ffmpeg.ok ? [] : [ffmpegProblem(ffmpeg.error, sources)]),
    ...keyProblems(keychain, keyStatus, sources),
    ...folderProblems(dataFolder, 'data'),
    ...folderProblems(downloadFolder, 'download'),
  ];
  return {
    trove: sources.trove,
    node,
    electron: sources.electron ?? null,
    platform: `${process.platform} ${process.arch}`,
    ffmpeg: ffmpeg.ok ? { path: ffmpeg.value.path, version: ffmpeg.value.version, source: ffmpeg.value.source } : null,
    keychain: { backend: keychain.backend, works: keychain.works },
    key: keyStatus,
    dataFolder,
    downloadFolder,
    service: { url: sources.settings.serviceUrl, apiVersion: sources.settings.apiVersion, sandbox: sources.sandboxActive },
    problems,
  };
}
