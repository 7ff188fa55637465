import { z } from 'zod';

export const creditsSchema = z.object({
  availableCredits: z.number(),
});
export type Credits = z.infer<typeof creditsSchema>;

/** The service's alert thresholds: below 10,000, 2,000, 300, 100, and at 0. */
export const BALANCE_ALERT_THRESHOLDS = [10_000, 2_000, 300, 100, 0] as const;

export const chargedOperationSchema = z.enum(['post', 'playlist', 'subtitles']);

/** What one call of an operation costs on a site, as Trove learned it from the free balance. */
export const learnedPriceSchema = z.object({
  operation: chargedOperationSchema,
  site: z.string(),
  /** The estimate; exactly the price when `exact`. */
  credits: z.number(),
  /** The price lies within [low, high]; equal when exact. */
  low: z.number(),
  high: z.number(),
  exact: z.boolean(),
  /** Balance drops this figure agrees with. */
  samples: z.number().int(),
  learnedAt: z.number(),
});
export type LearnedPrice = z.infer<typeof learnedPriceSchema>;

/** What a charged call was for, as people think of it (a post extracted for a job is a download). */
export const ledgerActionSchema = z.enum(['preview', 'download', 'profile-page', 'subtitles', 'other']);
export type LedgerAction = z.infer<typeof ledgerActionSchema>;

/** How well a ledger row's cost is known: learned from the balance, never guessed. */
export const costKindSchema = z.enum(['exact', 'approximate', 'unknown']);
export type CostKind = z.infer<typeof costKindSchema>;

const ACTION_WORDS: Readonly<Record<LedgerAction, string>> = {
  preview: 'Preview',
  download: 'Download',
  'profile-page': 'Profile page',
  subtitles: 'Subtitles',
  other: 'Charged call',
};

/** "Preview · video.example · Sample video abc" in English (the CLI and the CSV; the app words it per language). */
export function ledgerDescription(row: { action: LedgerAction; site: string; title?: string | undefined }): string {
  return [ACTION_WORDS[row.action], row.site, ...(row.title ? [row.title] : [])].join(' · ');
}
