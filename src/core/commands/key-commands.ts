import type { HandlerDeps, HandlerGroup } from './handler-types';
import { validateAndStoreKey } from '../secrets';

export function keyCommands({ services, queue, sandbox }: HandlerDeps): HandlerGroup<'key.status' | 'key.set' | 'key.clear'> {
  return {
    // In sandbox mode the sandbox's own key is the one in use, whatever the keychain holds (or cannot).
    'key.status': async () => (sandbox.key() === undefined ? services.keys.status() : { ok: true, value: { isSet: true, source: 'sandbox' } }),
    async 'key.set'({ key, serviceUrl }) {
      const validated = await validateAndStoreKey(key, (getKey) => services.clientWithKey(getKey, serviceUrl), services.keys);
      if (!validated.ok) return validated;
      if (serviceUrl !== undefined) {
        const saved = await services.settings.update({ serviceUrl });
        if (!saved.ok) return saved;
        services.events.emit('settings.changed', saved.value);
      }
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
