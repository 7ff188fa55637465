import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { MediaTask } from '../../../../src/core/jobs/plan/fetch-tasks';
import { fetchTasks } from '../../../../src/core/jobs/plan/fetch-tasks';
import type { MediaPlan } from '../../../../src/core/jobs/plan/media-plan-schema';
import { recordStage } from '../../../../src/core/jobs/stages/record-stage';
import { createLibraryStore } from '../../../../src/core/library/library-store';
import type { Post } from '../../../../src/shared/post';
import type { TempLibrary } from '../../library/temp-library';
import { stepClock, tempLibrary } from '../../library/temp-library';
import { retryableByDefault } from '../../../../src/shared/error-codes';

let library: TempLibrary | undefined;
afterEach(() => {
  library?.cleanup();
  library = undefined;
});

const post: Post = {
  id: 'p1',
  title: 'Clip',
  post_url: 'https://video.example/watch/p1',
  medias: [
    { media_type: 'video', resource_url: 'https://m.example/r', variants: [{ quality: 720, quality_label: '720p', video_url: 'https://m.example/v.mp4', audio_url: 'https://m.example/a.m4a' }] },
    { media_type: 'image', resource_url: 'https://m.example/i.jpg' },
  ],
};
const rule = { quality: 'recommended' as const, audioLanguages: [] };

describe('the record stage', () => {
  it('records the post, each final file of the plan with its variant and codecs, and the subtitles', async () => {
    library = tempLibrary();
    const store = createLibraryStore(library.db, { now: stepClock() });
    const video = join(library.dir, 'Clip.mp4');
    const subtitle = join(library.dir, 'Clip.en.srt');
    writeFileSync(video, Buffer.alloc(2048));
    writeFileSync(subtitle, 'WEBVTT\n');
    // The image was left out on the preview: the plan holds the video only.
    const plan: MediaPlan = { items: [{ mediaIndex: 0, variant: { quality: 720 }, done: { file: video, codecs: 'h264+aac' } }] };
    const tasks = fetchTasks(post, plan, { template: '{caption}', rule }) as MediaTask[];
    const subtitles = [{ languageTag: 'en', languageName: 'English', format: 'srt' as const, path: subtitle, size: 7 }];

    const outcome = await recordStage(store, { url: 'https://video.example/watch/p1', post, tasks, plan, images: { previews: [] }, subtitles });
    if (outcome.kind !== 'done' || outcome.patch?.libraryPostId === undefined) throw new Error(JSON.stringify(outcome));
    const detail = store.getPost(outcome.patch.libraryPostId);
    if (!detail.ok || !detail.value) throw new Error('the post was not recorded');
    expect(detail.value.files.filter((file) => file.kind !== 'subtitle')).toEqual([
      expect.objectContaining({ mediaIndex: 0, path: video, size: 2048, kind: 'video', codecs: 'h264+aac' }),
    ]);
    expect(detail.value.subtitles).toEqual([expect.objectContaining({ path: subtitle, languageTag: 'en', format: 'srt' })]);
    expect(detail.value.media[0]).toMatchObject({ variant: { quality: 720, label: '720p' } });
  });

  it('fails with the library\'s own error when it cannot be written (its retryable kept, as every area\'s is)', async () => {
    library = tempLibrary();
    const store = createLibraryStore(library.db, { now: stepClock() });
    const plan: MediaPlan = { items: [{ mediaIndex: 0, done: { file: join(library.dir, 'gone.mp4') } }] };
    const tasks = fetchTasks(post, plan, { template: '{caption}', rule }) as MediaTask[];
    library.db.exec('CREATE TRIGGER refuse BEFORE INSERT ON posts BEGIN SELECT RAISE(ABORT, \'disk full\'); END');
    const outcome = await recordStage(store, { url: 'u', post, tasks, plan, images: { previews: [] }, subtitles: [] });
    if (outcome.kind !== 'failed') throw new Error(`expected a failure, got ${outcome.kind}`);
    expect(outcome.error.retryable).toBe(retryableByDefault(outcome.error.code));
  });
});
