import { rebuildLibrary } from '../rebuild';
import type { HandlerDeps, HandlerGroup } from './handler-types';

/**
 * One rebuild at a time per Core: a second click joins the one that runs. Cancel stops it
 * between batches of files: what it read is recorded, its report says `stopped`.
 */
export function rebuildCommands({ services }: HandlerDeps): HandlerGroup<'library.rebuild' | 'library.rebuildCancel'> {
  let running: { result: ReturnType<typeof rebuildLibrary>; stop: AbortController } | undefined;
  return {
    async 'library.rebuild'({ folders }) {
      if (!running) {
        const stop = new AbortController();
        const result = rebuildLibrary(
          {
            library: services.library,
            thumbnails: services.thumbnails,
            ffmpegPath: async () => {
              const found = await services.ffmpeg({ fresh: true });
              return found.ok ? { ok: true, value: found.value.path } : found;
            },
          },
          {
            folders: folders && folders.length > 0 ? folders : [services.downloadFolder(services.settings.get())],
            onProgress: (progress) => services.events.emit('library.rebuildProgress', progress),
            signal: stop.signal,
          },
        ).finally(() => {
          running = undefined;
        });
        running = { result, stop };
      }
      return running.result;
    },
    async 'library.rebuildCancel'() {
      if (!running) return { ok: true, value: { stopped: false } };
      running.stop.abort();
      return { ok: true, value: { stopped: true } };
    },
  };
}
