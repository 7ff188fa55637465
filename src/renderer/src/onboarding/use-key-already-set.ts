import { useEffect, useState } from 'react';
import { useClient } from '../api/client-context';

/**
 * Whether a usable key is there before the user typed one (TROVE_API_KEY, the keychain);
 * undefined while the engine is asked. Asked only when `ask` (not set up yet); a keychain
 * that cannot be read counts as no key, so the welcome screen can offer one.
 */
export function useKeyAlreadySet(ask: boolean): boolean | undefined {
  const { api } = useClient();
  const [keySet, setKeySet] = useState<boolean | undefined>(ask ? undefined : false);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    void api['key.status']({}).then((answer) => {
      if (current) setKeySet(answer.ok && answer.value.isSet && answer.value.source !== 'sandbox');
    });
    return () => {
      current = false;
    };
  }, [api, ask]);
  return keySet;
}
