import { z } from 'zod';
import { keyStatusSchema } from './key-status';
import { apiVersionSchema } from './settings';

/*
 * "About this installation" (`app.diagnostics`, `trove doctor`): what this Trove runs on and
 * what stands in its way, each problem with its fix. Facts only: never the API key.
 */

/** Every problem the check can find; the faces translate their titles and fixes by code. */
export const DIAGNOSTIC_PROBLEM_CODES = [
  'node_too_old',
  'ffmpeg_missing',
  'ffmpeg_setting_broken',
  'ffmpeg_env_broken',
  'keychain_unavailable',
  'no_api_key',
  'data_dir_unwritable',
  'library_unavailable',
  'data_dir_low_space',
  'download_dir_unwritable',
  'download_dir_low_space',
] as const;
export const diagnosticProblemCodeSchema = z.enum(DIAGNOSTIC_PROBLEM_CODES);
export type DiagnosticProblemCode = z.infer<typeof diagnosticProblemCodeSchema>;

export const diagnosticProblemSchema = z.object({
  code: diagnosticProblemCodeSchema,
  /** Essential: Trove cannot do its main job until it is fixed (`trove doctor` exits 1). */
  essential: z.boolean(),
  /** What is wrong, with the specifics (a path, the system's own error). */
  message: z.string(),
  /** What to do about it, in plain words. */
  fix: z.string(),
});
export type DiagnosticProblem = z.infer<typeof diagnosticProblemSchema>;

/** Where the ffmpeg in use was found, in the lookup order of locateFfmpeg. */
export const ffmpegSourceSchema = z.enum(['setting', 'environment', 'ffmpeg-static', 'path', 'ffmpeg-installer']);

export const folderFactsSchema = z.object({
  path: z.string(),
  /** False: not created yet (the download folder is made by the first download). */
  exists: z.boolean(),
  /** Whether Trove may write there (or create it, for a folder not made yet). */
  writable: z.boolean(),
  /** Of the disk the folder is on (or would be on); null when the system could not tell. */
  freeBytes: z.number().nullable(),
  totalBytes: z.number().nullable(),
});
export type FolderFacts = z.infer<typeof folderFactsSchema>;

export const diagnosticsSchema = z.object({
  trove: z.string(),
  node: z.string(),
  /** Only in the desktop app. */
  electron: z.string().nullable(),
  /** e.g. "linux x64". */
  platform: z.string(),
  /** The ffmpeg downloads use; null when none works (a problem says why). */
  ffmpeg: z.object({ path: z.string(), version: z.string(), source: ffmpegSourceSchema }).nullable(),
  keychain: z.object({ backend: z.enum(['keytar', 'napi-rs-keyring', 'none']), works: z.boolean() }),
  /** Whether an API key is available and from where; null when the keychain could not be asked. */
  key: keyStatusSchema.nullable(),
  dataFolder: folderFactsSchema,
  downloadFolder: folderFactsSchema,
  service: z.object({ url: z.string(), apiVersion: apiVersionSchema, sandbox: z.boolean() }),
  problems: z.array(diagnosticProblemSchema),
});
export type Diagnostics = z.infer<typeof diagnosticsSchema>;
