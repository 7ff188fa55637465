import type { HandlerDeps, HandlerGroup } from './handler-types';
import { validateAndStoreKey } from '../secrets';

export function keyCommands({ services, queue }: HandlerDeps): HandlerGroup<'key.status' | 'key.set' | 'key.clear'> {
  return {
    'key.status': () => services.keys.status(),
    async 'key.set'({ key }) {
      const validated = await validateAndStoreKey(key, (getKey) => services.clientWithKey(getKey), services.keys);
      if (!validated.ok) return validated;
      services.events.emit('key.changed', validated.value.status);
      queue.resume(undefined, 'key_required');
      void services.credits.refresh();
      return { ok: true, value: validated.value.status };
    },
    async 'key.clear'() {
      const cleared = await services.keys.deleteKey();
      if (cleared.ok) services.events.emit('key.changed', cleared.value);
      return cleared;
    },
  };
}
