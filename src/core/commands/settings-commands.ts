import type { HandlerDeps, HandlerGroup } from './handler-types';

export function settingsCommands({ services, queue, version }: HandlerDeps): HandlerGroup<'settings.get' | 'settings.update' | 'app.info'> {
  return {
    'settings.get': async () => ({ ok: true, value: services.settings.get() }),
    async 'settings.update'(patch) {
      const updated = await services.settings.update(patch);
      if (!updated.ok) return updated;
      // Changes apply without a restart: the speed limit at once, concurrency on the next pump.
      services.bandwidth.setRate(updated.value.speedLimit);
      services.events.emit('settings.changed', updated.value);
      queue.pump();
      return updated;
    },
    async 'app.info'() {
      const ffmpeg = await services.ffmpeg();
      return {
        ok: true,
        value: {
          version,
          dataDir: services.dataDir,
          ffmpeg: ffmpeg.ok ? { path: ffmpeg.value.path, version: ffmpeg.value.version } : null,
        },
      };
    },
  };
}
