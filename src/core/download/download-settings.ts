import { z } from 'zod';
import type { Clock } from '../api';
import type { BandwidthLimiter } from './bandwidth-limiter';
import type { WriteBudget } from './write-budget';

const MiB = 1024 * 1024;

export const downloadSettingsSchema = z.object({
  /** Parallel connections for one large file. */
  connections: z.number().int().min(1).max(16).default(4),
  /** Files at least this large (and served with ranges) are split over `connections`. */
  segmentThresholdBytes: z.number().int().min(1).default(8 * MiB),
  /** No body byte for this long = stalled: abort and retry. */
  stallTimeoutMs: z.number().int().min(1).default(20_000),
  /** Until the response headers arrive. */
  requestTimeoutMs: z.number().int().min(1).default(30_000),
  maxRedirects: z.number().int().min(0).max(50).default(10),
  /** Failed attempts in a row without a new byte on disk before giving up. */
  maxAttempts: z.number().int().min(1).max(100).default(5),
  /** Base of the exponential backoff between attempts. */
  retryDelayMs: z.number().int().min(0).default(1_000),
  userAgent: z.string().min(1).default('Trove'),
});
export type DownloadSettings = z.output<typeof downloadSettingsSchema>;

/** Settings plus the injected shared parts (the global bandwidth limiter and write budget, the clock). */
export type DownloadDeps = z.input<typeof downloadSettingsSchema> & {
  bandwidth?: BandwidthLimiter;
  /** Default: the process-wide budget (sharedWriteBudget). */
  writeBudget?: WriteBudget;
  clock?: Clock;
};
