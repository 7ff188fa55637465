import { z } from 'zod';

export const keyStatusSchema = z.object({
  /** Whether a key is available; the key itself never leaves the engine. */
  isSet: z.boolean(),
  /**
   * `session`: the key works but the OS keychain could not keep it, so it lasts until Trove
   * quits (`unsaved` says why); `sandbox`: sandbox mode's own key is in use.
   */
  source: z.enum(['keychain', 'environment', 'none', 'session', 'sandbox']),
  /** Why a session key was not saved: the faces word the code in the user's language, with the fix. */
  unsaved: z.object({ code: z.enum(['keychain_unavailable', 'keychain_error']), message: z.string() }).optional(),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;
