import { z } from 'zod';

export const keyStatusSchema = z.object({
  /** Whether a key is available; the key itself never leaves the engine. */
  isSet: z.boolean(),
  source: z.enum(['keychain', 'environment', 'none']),
});
export type KeyStatus = z.infer<typeof keyStatusSchema>;
