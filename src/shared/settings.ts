import { z } from 'zod';

/*
 * User settings: one schema, with defaults, shared by every face. Stored by the Core as
 * JSON in the data directory and validated on load and on every update; the API key is
 * never part of it (it lives in the keychain).
 */

export const API_VERSIONS = ['v1', 'legacy'] as const;
export const apiVersionSchema = z.enum(API_VERSIONS);
export type ApiVersion = z.infer<typeof apiVersionSchema>;

export const UI_LANGUAGES = ['en', 'zh', 'ja', 'es', 'de'] as const;
export const uiLanguageSchema = z.enum(UI_LANGUAGES);
export type UiLanguage = z.infer<typeof uiLanguageSchema>;

/**
 * 'recommended' = the service's is_default pick, 'best' = the highest quality, 'original' =
 * quality 9999 when offered, or a height cap (e.g. 1080 = at most 1080p).
 */
export const qualityPreferenceSchema = z.union([
  z.literal('recommended'),
  z.literal('best'),
  z.literal('original'),
  z.number().int().min(144).max(8640),
]);
export type QualityPreference = z.infer<typeof qualityPreferenceSchema>;

export const subtitleSaveFormatSchema = z.enum(['srt', 'vtt', 'original']);
export type SubtitleSaveFormat = z.infer<typeof subtitleSaveFormatSchema>;

const languageTag = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, 'a language tag such as en or pt-BR');

export const settingsSchema = z.object({
  serviceUrl: z.url({ protocol: /^https?$/ }),
  apiVersion: apiVersionSchema,
  language: uiLanguageSchema,
  downloadFolder: z.string().max(4096),
  fileNameTemplate: z.string().trim().min(1).max(200),
  concurrency: z.number().int().min(1).max(16),
  connectionsPerDownload: z.number().int().min(1).max(16),
  /** Bytes per second for all downloads together; 0 = unlimited. */
  speedLimit: z.number().int().min(0),
  preferredQuality: qualityPreferenceSchema,
  audioLanguages: z.array(languageTag).max(10),
  saveSubtitles: z.boolean(),
  subtitleLanguages: z.array(languageTag).max(20),
  subtitleFormat: subtitleSaveFormatSchema,
  embedSubtitles: z.boolean(),
  keepSourceStreams: z.boolean(),
  /** Title, author, date, description, link, site and cover written into each file (file-tags). */
  embedMetadata: z.boolean(),
  /** For files without a container to carry tags (images): the same facts in a .json beside them. */
  metadataSidecars: z.boolean(),
  /** Re-extracting a post whose media links expired costs credits: off unless the user agrees. */
  refreshExpiredLinks: z.boolean(),
  /** Ask before a charged action whose learned price is above this many credits (an unknown price never asks). */
  confirmAboveCredits: z.number().int().min(0).max(1_000_000),
  clipboardWatching: z.boolean(),
  theme: z.enum(['light', 'dark', 'system']),
  ffmpegPath: z.string().max(4096),
  onboarded: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A partial update, strict: an unknown setting is an error, not silently ignored. */
export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  serviceUrl: 'http://127.0.0.1:8787',
  apiVersion: 'v1',
  language: 'en',
  downloadFolder: '',
  fileNameTemplate: '{author} - {caption} [{id}]',
  concurrency: 3,
  connectionsPerDownload: 4,
  speedLimit: 0,
  preferredQuality: 'recommended',
  audioLanguages: [],
  saveSubtitles: false,
  subtitleLanguages: ['en'],
  subtitleFormat: 'srt',
  embedSubtitles: false,
  keepSourceStreams: false,
  embedMetadata: true,
  metadataSidecars: true,
  refreshExpiredLinks: false,
  confirmAboveCredits: 20,
  clipboardWatching: false,
  theme: 'system',
  ffmpegPath: '',
  onboarded: false,
});

/**
 * Settings read back from disk: each valid stored value is kept, each missing or invalid
 * one falls back to its default (and is reported), so one bad value never loses the rest.
 */
export function settingsFromStored(stored: unknown): { settings: Settings; rejected: string[] } {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  const rejected: string[] = [];
  for (const [name, schema] of Object.entries(settingsSchema.shape)) {
    if (!Object.hasOwn(record, name)) continue;
    const parsed = schema.safeParse(record[name]);
    if (parsed.success) settings[name] = parsed.data;
    else rejected.push(name);
  }
  return { settings: settingsSchema.parse(settings), rejected };
}
