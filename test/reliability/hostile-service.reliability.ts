import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../src/core';
import type { Core } from '../../src/core';
import { startSandbox } from '../../src/sandbox';
import type { Sandbox } from '../../src/sandbox';
import type { JobView } from '../../src/shared/jobs';
import type { LibraryDetail } from '../../src/shared/library';
import { portabilityProblems } from '../core/files/portable-name';
import { unclearParts } from './support/clear-error';
import { recordFigures } from './support/figures';
import { hostileTitles } from './support/hostile-titles';
import { listFiles } from './support/library-audit';
import { seededRandom } from './support/seeded-random';
import { startServiceShim } from './support/service-shim';
import type { ServiceShim } from './support/service-shim';
import { sized } from './support/sizes';

/*
 * A hostile service and a hostile media host: the service answers posts whose media,
 * preview, avatar and subtitle URLs use file:, data:, javascript: and other schemes, whose
 * `headers` smuggle CR/LF, NUL or the transfer's own headers, and whose names are hostile;
 * the media host redirects to file: and data:. Everything dangerous must be refused with
 * a clear error, no local file may be read, no injected header may reach the network, and
 * every file written must stay in the download folder under a portable name.
 */

const KEY = 'sandbox-key';
const HOSTILE_POSTS = sized(30, 150);
const BODY = randomBytes(4096);

interface MediaRequest {
  url: string;
  rawHeaders: string[];
}

let sandbox: Sandbox;
let shim: ServiceShim;
let mediaHost: Server;
let mediaUrl: string;
let core: Core;
let root: string;
let secretPath: string;
let secret: string;
const mediaRequests: MediaRequest[] = [];
const posts = new Map<string, unknown>();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'trove-hostile-'));
  // A local file the service will point at: its content must never land anywhere.
  secret = `local-secret-${randomBytes(12).toString('hex')}`;
  secretPath = join(root, 'secret.txt');
  writeFileSync(secretPath, secret);

  mediaHost = createServer((request, response) => {
    mediaRequests.push({ url: request.url ?? '', rawHeaders: request.rawHeaders });
    const redirects: Record<string, string> = {
      '/redirect-file': `file://${secretPath}`,
      '/redirect-data': `data:application/octet-stream;base64,${Buffer.from(secret).toString('base64')}`,
      '/redirect-js': 'javascript:alert(1)',
    };
    const location = redirects[request.url ?? ''];
    if (location !== undefined) {
      response.writeHead(302, { location });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': BODY.length });
    response.end(BODY);
  });
  await new Promise<void>((resolve) => mediaHost.listen(0, '127.0.0.1', resolve));
  mediaUrl = `http://127.0.0.1:${(mediaHost.address() as AddressInfo).port}`;

  sandbox = await startSandbox({ port: 0 });
  // Each crafted link is answered with its crafted post; the extraction is still charged by the sandbox.
  shim = await startServiceShim(sandbox.url, async (request) => {
    const crafted = request.link === undefined ? undefined : posts.get(request.link);
    if (crafted === undefined || !request.path.includes('/extract/')) return undefined;
    const charged = await request.forward();
    return charged.status === 200 ? { status: 200, json: crafted } : undefined;
  });
  core = await createCore({
    dataDir: join(root, 'data'),
    env: { TROVE_API_KEY: KEY, PATH: process.env['PATH'] ?? '' },
    settings: { serviceUrl: shim.url, downloadFolder: join(root, 'out'), concurrency: 4 },
    retryDelaysMs: [],
    downloadTuning: { retryDelayMs: 10, maxAttempts: 2 },
    balanceDebounceMs: 50,
  });
});

afterAll(async () => {
  await core?.close();
  await shim?.close();
  await sandbox?.close();
  await new Promise<void>((resolve) => mediaHost?.close(() => resolve()));
  if (root) await rm(root, { recursive: true, force: true });
});

let linkCount = 0;
/** A files.example link the service answers with `post` (with defaults filled in). */
function craft(post: Record<string, unknown>): string {
  const id = `hs-${++linkCount}`;
  const link = `https://files.example/f/${id}`;
  posts.set(link, { id, title: `Crafted ${id}`, post_url: link, ...post });
  return link;
}

const file = (url: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ medias: [{ media_type: 'file', resource_url: url, ...extra }] });

async function runAll(links: readonly string[]): Promise<JobView[]> {
  const ids: number[] = [];
  for (const url of links) {
    const added = await core.call('jobs.add', { source: { kind: 'link', url } });
    if (!added.ok) return expect.fail(`jobs.add ${url}: ${added.error.message}`);
    ids.push(...added.value.jobIds);
  }
  await core.idle();
  const listed = await core.call('jobs.list', {});
  if (!listed.ok) return expect.fail(listed.error.message);
  return ids.map((id) => listed.value.find((job) => job.id === id) as JobView);
}

/** Every byte Trove wrote: the download folder and the data folder (database, thumbnails, settings). */
const everythingWritten = (): string => [...listFiles(join(root, 'out')), ...listFiles(join(root, 'data'))].map((path) => readFileSync(path).toString('latin1')).join('\n');

const figures = { refusedUrls: 0, refusedHeaders: 0, refusedRedirects: 0, hostilePosts: 0, hostileFilesWritten: 0 };

describe('hostile service and media host', () => {
  it('refuses media URLs with file:, data:, javascript: and other schemes, and redirects to them', async () => {
    const schemes = [
      `file://${secretPath}`,
      `FILE://${secretPath}`,
      `data:application/octet-stream;base64,${Buffer.from(secret).toString('base64')}`,
      'javascript:alert(1)',
      'vbscript:msgbox(1)',
      'ftp://127.0.0.1/x',
      'ws://127.0.0.1/x',
      'blob:https://video.example/x',
      'about:blank',
      '//127.0.0.1/no-scheme',
      'not a url at all',
      '',
    ];
    const direct = schemes.map((url) => craft(file(url)));
    const split = schemes.slice(0, 4).map((url) =>
      craft({
        medias: [
          {
            media_type: 'video',
            resource_url: `${mediaUrl}/ok.bin`,
            variants: [{ quality: 720, quality_label: '720p', video_url: url, audio_url: `${mediaUrl}/ok.bin`, is_default: true }],
          },
        ],
      }),
    );
    const redirected = ['/redirect-file', '/redirect-data', '/redirect-js'].map((path) => craft(file(`${mediaUrl}${path}`)));

    const jobs = await runAll([...direct, ...split, ...redirected]);
    for (const job of jobs) {
      expect(job.state, job.url).toBe('failed');
      expect(job.error?.code, `${job.url}: ${JSON.stringify(job.error)}`).toBe('bad_media_url');
      expect(unclearParts(job.error)).toEqual([]);
    }
    expect(everythingWritten()).not.toContain(secret);
    figures.refusedUrls += direct.length + split.length;
    figures.refusedRedirects += redirected.length;
  });

  it('never fetches previews, avatars or subtitles from non-http URLs, and keeps no unsafe post link', async () => {
    const link = craft({
      ...file(`${mediaUrl}/ok.bin`, { preview_url: `file://${secretPath}` }),
      author: { username: 'x', avatar_url: `data:image/png;base64,${Buffer.from(secret).toString('base64')}` },
      post_url: 'javascript:alert(document.domain)',
    });
    const [job] = await runAll([link]);
    expect(job?.state, JSON.stringify(job?.error)).toBe('done');
    expect(everythingWritten()).not.toContain(secret);
    const detail = await core.call('library.get', { id: job?.libraryPostId as number });
    if (!detail.ok) return expect.fail(detail.error.message);
    const stored = detail.value as LibraryDetail;
    expect(stored.authorAvatarPath).toBeUndefined();
    // A link the library offers to open must be a web link (or none).
    if (stored.postUrl !== undefined) expect(stored.postUrl).toMatch(/^https?:\/\//u);

    const video = 'https://video.example/watch/hs-subs';
    posts.set(video, undefined);
    const subtitles = await startServiceShim(sandbox.url, async (request) => {
      if (!request.path.includes('/extract/subtitles')) return undefined;
      const answer = await request.forward();
      const result = answer.json as { subtitles: Array<{ urls: Array<{ url: string }> }> };
      for (const track of result.subtitles) for (const entry of track.urls) entry.url = `file://${secretPath}`;
      return { status: 200, json: result };
    });
    try {
      expect((await core.call('settings.update', { serviceUrl: subtitles.url })).ok).toBe(true);
      const listed = await core.call('subtitles.list', { url: video });
      if (!listed.ok) return expect.fail(listed.error.message);
      const saved = await core.call('subtitles.save', { resolutionId: listed.value.resolutionId, languageTags: ['en-US'], format: 'srt', folder: join(root, 'out') });
      expect(saved.ok).toBe(false);
      if (!saved.ok) expect(unclearParts(saved.error)).toEqual([]);
      expect(everythingWritten()).not.toContain(secret);
    } finally {
      await core.call('settings.update', { serviceUrl: shim.url });
      await subtitles.close();
    }
    figures.refusedUrls += 3;
  });

  it('refuses media headers with CR, LF or NUL, and never lets them reach the media host', async () => {
    const smuggling = [
      { Referer: 'https://video.example/\r\nX-Injected: yes' },
      { Referer: 'https://video.example/\nX-Injected: yes' },
      { Referer: 'https://video.example/\rX-Injected: yes' },
      { 'X-Token': 'a\u0000X-Injected: yes' },
      { 'X-A\r\nX-Injected': 'yes' },
      { 'X A': 'space in the name' },
      { 'X-Ünïcode': 'non-token name' },
      { '': 'empty name' },
    ];
    const links = smuggling.map((headers) => craft(file(`${mediaUrl}/ok.bin`, { headers, preview_url: `${mediaUrl}/preview` })));
    const before = mediaRequests.length;
    const jobs = await runAll(links);
    for (const job of jobs) {
      expect(job.state, job.url).toBe('failed');
      expect(job.error?.code, JSON.stringify(job.error)).toBe('invalid_header');
      expect(unclearParts(job.error)).toEqual([]);
    }
    const seen = mediaRequests.slice(before).flatMap((request) => request.rawHeaders.map((header) => header.toLowerCase()));
    expect(seen).not.toContain('x-injected');
    figures.refusedHeaders += smuggling.length;
  });

  it("drops media headers that would take over the transfer's own, and downloads the right bytes", async () => {
    const headers = { Range: 'bytes=0-0', 'If-Range': '"x"', Host: 'evil.example', 'Transfer-Encoding': 'chunked', 'Content-Length': '1', Connection: 'upgrade', Referer: 'https://video.example/' };
    const before = mediaRequests.length;
    const [job] = await runAll([craft(file(`${mediaUrl}/ok.bin`, { headers }))]);
    expect(job?.state, JSON.stringify(job?.error)).toBe('done');
    expect(readFileSync(job?.files[0] as string).equals(BODY)).toBe(true);
    for (const request of mediaRequests.slice(before)) {
      const sent = Object.fromEntries(request.rawHeaders.flatMap((value, index, all) => (index % 2 === 0 ? [[value.toLowerCase(), all[index + 1]]] : [])));
      expect(sent['host']).toBe(new URL(mediaUrl).host);
      expect(sent['range']).not.toBe('bytes=0-0');
      expect(sent['referer']).toBe('https://video.example/');
    }
  });

  it(`writes ${HOSTILE_POSTS} posts with hostile names inside the folder, under portable names`, async () => {
    const random = seededRandom('hostile-service');
    const titles = hostileTitles(HOSTILE_POSTS * 3, random);
    const text = (): string => random.pick(titles);
    const links = Array.from({ length: HOSTILE_POSTS }, () =>
      craft({
        id: text(),
        title: text(),
        author: { display_name: text(), username: text() },
        site: text(),
        ...file(`${mediaUrl}/ok.bin`),
      }),
    );
    const jobs = await runAll(links);
    const outside = listFiles(root).filter((path) => !path.startsWith(join(root, 'out')) && !path.startsWith(join(root, 'data')) && path !== secretPath);
    expect(outside).toEqual([]);
    for (const job of jobs) {
      // A post id that is not a usable library key may be refused; never a crash or an escape.
      if (job.state === 'failed') expect(unclearParts(job.error), JSON.stringify(job.error)).toEqual([]);
      else expect(job.state).toBe('done');
      for (const path of job.files) {
        expect(path.startsWith(`${join(root, 'out')}/`)).toBe(true);
        const name = path.slice(join(root, 'out').length + 1);
        expect(portabilityProblems(name).filter((problem) => problem !== 'longer than 200 bytes'), name).toEqual([]);
        expect(readFileSync(path).equals(BODY)).toBe(true);
        figures.hostileFilesWritten++;
      }
    }
    figures.hostilePosts += links.length;
    recordFigures('hostile-service', figures);
  });
});
