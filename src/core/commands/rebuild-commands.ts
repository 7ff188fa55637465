import { rebuildLibrary } from '../rebuild';
import type { HandlerDeps, HandlerGroup } from './handler-types';

/** One rebuild at a time per Core: a second click joins the one that runs. */
export function rebuildCommands({ services }: HandlerDeps): HandlerGroup<'library.rebuild'> {
  let running: ReturnType<typeof rebuildLibrary> | undefined;
  return {
    async 'library.rebuild'({ folders }) {
      running ??= rebuildLibrary(
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
        },
      ).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
