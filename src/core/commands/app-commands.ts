import { existsSync } from 'node:fs';
import type { ErrorInfo, Result } from '../../shared/errors';
import { failWith as fail } from '../../shared/errors';
import type { LibraryFile } from '../../shared/library';
import { collectDiagnostics } from '../diagnostics';
import { describeKeychain } from '../secrets';
import type { HandlerDeps, HandlerGroup } from './handler-types';

/** What the desktop face does on the user's behalf (Electron's shell and dialog); absent in web mode and the CLI. */
export interface DesktopActions {
  /** Opens a file with its default app; resolves to '' or the system's error message (as Electron's shell.openPath). */
  openPath(path: string): Promise<string>;
  showInFolder(path: string): void;
  /** The chosen folder, or undefined when the user cancelled. */
  pickFolder(defaultPath?: string): Promise<string | undefined>;
}


const desktopOnly = fail('not_available', 'This needs the desktop app: a browser cannot open files or folders on this computer.');

export function appCommands({ services, queue, version, electronVersion, env, desktop, sandbox }: HandlerDeps): HandlerGroup<
  'app.info' | 'app.openPath' | 'app.showInFolder' | 'app.pickFolder' | 'app.sandbox' | 'app.diagnostics'
> {
  /**
   * Only files the library recorded for that post: the renderer cannot make the engine open
   * an arbitrary path, only what Trove itself downloaded or saved.
   */
  const libraryFile = (postId: number, path: string): Result<Pick<LibraryFile, 'path' | 'kind'>, ErrorInfo> => {
    const files = services.library.listFiles(postId);
    if (!files.ok) return files;
    const file = files.value.find((candidate) => candidate.path === path);
    if (!file) return fail('not_in_library', 'Trove only opens files it saved to the library for this post.');
    if (!existsSync(file.path)) return fail('file_missing', `The file is no longer on disk: ${file.path}`);
    return { ok: true, value: file };
  };

  /** After sandbox mode changes: the faces learn the new service, waiting jobs retry, the balance is asked again. */
  const serviceChanged = (): void => {
    services.events.emit('settings.changed', services.settings.get());
    queue.resume(undefined, 'key_required');
    queue.pump();
    void services.credits.refresh();
  };

  return {
    async 'app.info'() {
      const ffmpeg = await services.ffmpeg();
      return {
        ok: true,
        value: {
          version,
          dataDir: services.dataDir,
          ffmpeg: ffmpeg.ok ? { path: ffmpeg.value.path, version: ffmpeg.value.version } : null,
          capabilities: { openPath: desktop !== undefined, showInFolder: desktop !== undefined, pickFolder: desktop !== undefined, sandbox: sandbox.available },
          sandbox: sandbox.status(),
          settingsReset: [...services.settingsReset],
          ...(services.libraryNotice ? { libraryNotice: services.libraryNotice } : {}),
        },
      };
    },
    async 'app.openPath'({ postId, path }) {
      if (!desktop) return desktopOnly;
      const file = libraryFile(postId, path);
      if (!file.ok) return file;
      // A file of unknown type may be a program: it is only ever shown in its folder.
      if (file.value.kind === 'file') return fail('not_allowed', 'Trove does not open files of unknown type; use Show in folder.');
      const problem = await desktop.openPath(file.value.path);
      return problem === '' ? { ok: true, value: {} } : fail('open_failed', problem);
    },
    async 'app.showInFolder'({ postId, path }) {
      if (!desktop) return desktopOnly;
      const file = libraryFile(postId, path);
      if (!file.ok) return file;
      desktop.showInFolder(file.value.path);
      return { ok: true, value: {} };
    },
    async 'app.pickFolder'({ defaultPath }) {
      if (!desktop) return desktopOnly;
      const chosen = await desktop.pickFolder(defaultPath);
      return { ok: true, value: chosen === undefined ? {} : { path: chosen } };
    },
    async 'app.diagnostics'() {
      const settings = services.settings.get();
      const diagnostics = await collectDiagnostics({
        trove: version,
        electron: electronVersion,
        env,
        settings,
        sandboxActive: sandbox.status().active,
        dataDir: services.dataDir,
        downloadFolder: services.downloadFolder(settings),
        ffmpeg: () => services.ffmpeg({ fresh: true }),
        keychain: () => describeKeychain({ env }),
        keyStatus: () => services.keys.status(),
      });
      return { ok: true, value: diagnostics };
    },
    async 'app.sandbox'({ enabled }) {
      if (!enabled) {
        if (await sandbox.disable()) serviceChanged();
        return { ok: true, value: sandbox.status() };
      }
      const wasActive = sandbox.status().active;
      const started = await sandbox.enable();
      if (started.ok && !wasActive) serviceChanged();
      return started;
    },
  };
}
