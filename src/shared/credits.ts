import { z } from 'zod';

export const creditsSchema = z.object({
  availableCredits: z.number(),
});
export type Credits = z.infer<typeof creditsSchema>;

/** The service's alert thresholds: below 10,000, 2,000, 300, 100, and at 0. */
export const BALANCE_ALERT_THRESHOLDS = [10_000, 2_000, 300, 100, 0] as const;
