import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../../src/core/download/download-file';
import { fetchTasks } from '../../../../src/core/jobs/plan/fetch-tasks';
import type { MediaTask } from '../../../../src/core/jobs/plan/fetch-tasks';
import type { MediaPlan } from '../../../../src/core/jobs/plan/media-plan-schema';
import { fetchStage } from '../../../../src/core/jobs/stages/fetch-stage';
import type { FetchPort } from '../../../../src/core/jobs/stages/fetch-stage';
import { progressTracker } from '../../../../src/core/jobs/stages/progress-tracker';
import type { Post } from '../../../../src/shared/post';
import { FAST, makeFolder, removeFolder } from '../../download/helpers';
import { bytesOf, startOrigin } from '../../download/origin-server';
import type { Origin } from '../../download/origin-server';

let origin: Origin;
let folder: string;
beforeEach(async () => {
  origin = await startOrigin({ body: bytesOf(40_000) });
  folder = await makeFolder();
});
afterEach(async () => {
  await origin.close();
  await removeFolder(folder);
});

const rule = { quality: 'recommended' as const, audioLanguages: [] };
const postOn = (url: (path: string) => string): Post => ({
  id: 'p1',
  title: 'Clip',
  medias: [
    { media_type: 'video', resource_url: url('/r'), variants: [{ quality: 720, quality_label: '720p', video_url: url('/v.mp4'), audio_url: url('/a.m4a') }] },
    { media_type: 'image', resource_url: url('/i.jpg') },
  ],
});

/** The real downloader; nothing for the adoption of crashed runs' files (no crash here). */
const port: FetchPort = {
  download: (request) => downloadFile(request, FAST),
  adoptDownloaded: () => Promise.resolve(undefined),
  adoptMerged: () => Promise.resolve(undefined),
};

function run(plan: MediaPlan, checkpoints: MediaPlan[]) {
  const post = postOn((path) => origin.url(path));
  const tasks = fetchTasks(post, plan, { template: '{caption}', rule }) as MediaTask[];
  return fetchStage(port, { tasks, plan, folder, progress: progressTracker(() => undefined), signal: new AbortController().signal, checkpoint: (next) => checkpoints.push(next) });
}

const wholePlan: MediaPlan = { items: [{ mediaIndex: 0, variant: { quality: 720 }, done: {} }, { mediaIndex: 1, done: {} }] };

describe('the fetch stage', () => {
  it('downloads each stream of the plan and checkpoints it: split halves wait for the merge, a single file is final', async () => {
    const checkpoints: MediaPlan[] = [];
    const fetched = await run(wholePlan, checkpoints);
    expect(fetched.ok).toBe(true);
    expect(fetched.plan.items.map((item) => item.done)).toEqual([
      { videoPart: join(folder, 'Clip.f720.video.mp4'), audioPart: join(folder, 'Clip.f720.audio.m4a') },
      { file: join(folder, 'Clip.jpg') },
    ]);
    // One checkpoint per finished stream, the last one the plan returned.
    expect(checkpoints).toHaveLength(3);
    expect(checkpoints.at(-1)).toEqual(fetched.plan);
    expect(await readFile(join(folder, 'Clip.jpg'))).toEqual(origin.state.body);
  });

  it('fetches nothing that the plan holds on disk already', async () => {
    const first = await run(wholePlan, []);
    const requests = origin.requests.length;
    const checkpoints: MediaPlan[] = [];
    const again = await run(first.plan, checkpoints);
    expect(again).toEqual({ ok: true, plan: first.plan });
    expect(origin.requests.length).toBe(requests);
    expect(checkpoints).toEqual([]);
  });

  it('stops at a stream that fails, with the streams already down checkpointed', async () => {
    origin.state.handler = (req, res) => {
      if (!req.url?.startsWith('/i.jpg')) return false;
      res.writeHead(404).end();
      return true;
    };
    const fetched = await run(wholePlan, []);
    expect(fetched).toMatchObject({ ok: false, error: { code: 'http_error' } });
    expect(fetched.plan.items[0]?.done).toEqual({ videoPart: expect.any(String), audioPart: expect.any(String) });
    expect(fetched.plan.items[1]?.done).toEqual({});
  });
});
