import { createHash } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DownloadDeps } from '../../../src/core/download/download-settings';
import { postSchema, type Post } from '../../../src/shared/post';

export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');
export const sha256File = async (file: string): Promise<string> => sha256(await readFile(file));

export const makeFolder = (): Promise<string> => mkdtemp(path.join(os.tmpdir(), 'trove-dl-'));
export const removeFolder = (folder: string): Promise<void> => rm(folder, { recursive: true, force: true });
export const listFolder = async (folder: string): Promise<string[]> => (await readdir(folder)).sort();

/** Fast retries and short timeouts: tests run in seconds. */
export const FAST: DownloadDeps = { retryDelayMs: 5, stallTimeoutMs: 400, requestTimeoutMs: 2_000 };

/** A post from the sandbox's v1 API, as the service client would get it. */
export async function extractPost(sandbox: { url: string; keys: string[] }, link: string): Promise<Post> {
  const response = await fetch(`${sandbox.url}/openapi/v1/extract/post`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.keys[0] ?? ''}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: link }),
  });
  if (response.status !== 200) throw new Error(`extract ${link}: HTTP ${response.status}`);
  return postSchema.parse(await response.json());
}

/** The bytes the sandbox serves at `url` right now (no faults pending). */
export async function fetchBytes(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const response = await fetch(url, { headers });
  if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}
