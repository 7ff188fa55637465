import type { HandlerDeps, HandlerGroup } from './handler-types';

export function settingsCommands({ services, queue }: HandlerDeps): HandlerGroup<'settings.get' | 'settings.update'> {
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
  };
}
