import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DownloadDeps } from '../../../src/core/download/download-settings';

export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
export const sha256File = async (file: string): Promise<string> => sha256(await readFile(file));

export const makeFolder = (): Promise<string> => mkdtemp(path.join(os.tmpdir(), 'trove-dl-'));
export const removeFolder = (folder: string): Promise<void> => rm(folder, { recursive: true, force: true });
export const listFolder = async (folder: string): Promise<string[]> => (await readdir(folder)).sort();

/** Fast retries and short timeouts: tests run in seconds. */
export const FAST: DownloadDeps = { retryDelayMs: 5, stallTimeoutMs: 400, requestTimeoutMs: 2_000 };
