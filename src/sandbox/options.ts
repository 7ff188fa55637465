import { tmpdir } from 'node:os';
import { z } from 'zod';

/** The defaults of SandboxOptions; the CLI's defaults differ only in the port (8787). */
export const DEFAULTS = {
  port: 0,
  host: '127.0.0.1',
  keys: ['sandbox-key'],
  credits: 12_000,
  ttlSeconds: 600,
  throttleBytesPerSecond: 0,
  pageSize: 20,
  faults: false,
} as const;

/** The plain-data options (the clock is a function and checked separately). */
export const sandboxOptionsSchema = z
  .object({
    port: z.number().int().min(0).max(65_535).default(DEFAULTS.port),
    host: z.string().min(1).default(DEFAULTS.host),
    keys: z
      .array(z.string().regex(/^\S+$/, 'a key is a non-empty string without whitespace'))
      .min(1)
      .default([...DEFAULTS.keys]),
    credits: z.number().finite().nonnegative().default(DEFAULTS.credits),
    ttlSeconds: z.number().positive().default(DEFAULTS.ttlSeconds),
    throttleBytesPerSecond: z.number().int().nonnegative().default(DEFAULTS.throttleBytesPerSecond),
    pageSize: z.number().int().min(1).max(1_000).default(DEFAULTS.pageSize),
    faults: z.boolean().default(DEFAULTS.faults),
    mediaCacheDir: z.string().min(1).default(() => tmpdir()),
    ffmpegPath: z.string().min(1).optional(),
    /** Hosts whose subtitles the service refuses (unsupported_site), as for a site without any: a refusing site that has profiles. */
    subtitlesRefusedOn: z.array(z.string().min(1)).default([]),
  })
  .strict();
