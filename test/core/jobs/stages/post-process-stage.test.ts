import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { MediaTask } from '../../../../src/core/jobs/plan/fetch-tasks';
import { fetchTasks } from '../../../../src/core/jobs/plan/fetch-tasks';
import type { MediaPlan } from '../../../../src/core/jobs/plan/media-plan-schema';
import { postProcessStage } from '../../../../src/core/jobs/stages/post-process-stage';
import type { PostProcessPort } from '../../../../src/core/jobs/stages/post-process-stage';
import { mergeStreams } from '../../../../src/core/media/merge-streams';
import { sidecarPath, writeSidecar } from '../../../../src/core/media/sidecar';
import { tagFile } from '../../../../src/core/media/tag-file';
import type { SavedSubtitle } from '../../../../src/core/subtitles/save-subtitle-tracks';
import type { Post } from '../../../../src/shared/post';
import { ffmpegWorkspace } from '../../media/system-ffmpeg';
import { newJob } from './job-context';

const workspace = ffmpegWorkspace();
const exec = promisify(execFile);
const post: Post = {
  id: 'p1',
  title: 'Clip',
  medias: [{ media_type: 'video', resource_url: 'https://media.example/r', variants: [{ quality: 720, quality_label: '720p', video_url: 'https://m.example/v.mp4', audio_url: 'https://m.example/a.m4a' }] }],
};
const rule = { quality: 'recommended' as const, audioLanguages: [] };
const settings = { keepSourceStreams: false, saveSubtitles: false, embedSubtitles: false, embedMetadata: false, metadataSidecars: false };

/** The real ffmpeg and merge, counted; the subtitles (a charged service call) answered with one saved track. */
function realPort(folder: string) {
  let merges = 0;
  let saves = 0;
  let tags_ = 0;
  const track: SavedSubtitle = { languageTag: 'en', languageName: 'English', format: 'srt', path: join(folder, 'Clip.en.srt'), size: 10 };
  const port: PostProcessPort = {
    ffmpegPath: () => Promise.resolve({ ok: true, value: workspace.ffmpeg }),
    merge: (request) => {
      merges++;
      return mergeStreams(request);
    },
    tag: (ffmpeg, file, tags, signal) => {
      tags_++;
      return tagFile(ffmpeg, file, tags, signal);
    },
    writeSidecar,
    saveSubtitles: (request) => {
      if (request.earlier) return Promise.resolve(request.earlier.saved);
      saves++;
      writeFileSync(track.path, '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
      request.checkpoint([track], false);
      return Promise.resolve([track]);
    },
  };
  return { port, merges: () => merges, saves: () => saves, tags: () => tags_, track };
}

async function splitPlan(folder: string): Promise<MediaPlan> {
  const videoPart = join(folder, 'Clip.f720.video.mp4');
  const audioPart = join(folder, 'Clip.f720.audio.m4a');
  await workspace.make(['-f', 'lavfi', '-i', 'testsrc=duration=1:size=160x90:rate=10', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-y', videoPart]);
  await workspace.make(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-y', audioPart]);
  return { items: [{ mediaIndex: 0, variant: { quality: 720 }, done: { videoPart, audioPart } }] };
}

const tasksOf = (plan: MediaPlan): MediaTask[] => fetchTasks(post, plan, { template: '{caption}', rule }) as MediaTask[];

describe('the post-process stage', () => {
  it('merges the halves into the final file, drops them from the plan, keeps the codecs, and puts the subtitles on the video', async () => {
    const { folder } = workspace;
    const plan = await splitPlan(folder);
    const { port, merges, saves, track } = realPort(folder);
    const checkpoints: MediaPlan[] = [];
    const input = { job: newJob(), post, tasks: tasksOf(plan), plan, folder, covers: [], settings, signal: new AbortController().signal, checkpoint: (next: MediaPlan) => checkpoints.push(next) };
    const processed = await postProcessStage(port, input);
    if (!processed.ok) throw new Error(JSON.stringify(processed.outcome));
    expect(processed.plan.items[0]?.done).toEqual({ file: join(folder, 'Clip.mp4'), codecs: 'h264+aac', subtitles: { tracks: [track], embedPending: false } });
    expect(processed.subtitles).toEqual([track]);
    expect(checkpoints.at(-1)).toEqual(processed.plan);
    expect(existsSync(join(folder, 'Clip.f720.video.mp4'))).toBe(false);

    // A second run over that plan (a restart before the record) merges and saves nothing again.
    const again = await postProcessStage(port, { ...input, plan: processed.plan });
    expect(again).toEqual({ ok: true, plan: processed.plan, subtitles: [track] });
    expect(merges()).toBe(1);
    expect(saves()).toBe(1);
  });

  it('fails as a bug, not as a merge, when a split item reaches it without both halves', async () => {
    const { port, merges } = realPort(workspace.folder);
    const plan: MediaPlan = { items: [{ mediaIndex: 0, variant: { quality: 720 }, done: { videoPart: join(workspace.folder, 'only-video.mp4') } }] };
    const processed = await postProcessStage(port, { job: newJob(), post, tasks: tasksOf(plan), plan, folder: workspace.folder, covers: [], settings, signal: new AbortController().signal, checkpoint: () => undefined });
    expect(processed).toMatchObject({ ok: false, outcome: { kind: 'failed', error: { code: 'internal', retryable: false } } });
    expect(merges()).toBe(0);
  });

  it('stops with the reason ffmpeg is missing when a merge needs it', async () => {
    const { port } = realPort(workspace.folder);
    const missing = { code: 'ffmpeg_not_found' as const, message: 'ffmpeg was not found.' };
    const plan: MediaPlan = { items: [{ mediaIndex: 0, variant: { quality: 720 }, done: {} }] };
    const processed = await postProcessStage(
      { ...port, ffmpegPath: () => Promise.resolve({ ok: false, error: missing }) },
      { job: newJob(), post, tasks: tasksOf(plan), plan, folder: workspace.folder, covers: [], settings, signal: new AbortController().signal, checkpoint: () => undefined },
    );
    expect(processed).toEqual({ ok: false, outcome: { kind: 'failed', error: { ...missing, retryable: false } } });
  });

  it('with tags on: the merge writes them, single files are tagged in place, images get a sidecar, and a second run does nothing again', async () => {
    const { folder } = workspace;
    const tagged = { ...settings, embedMetadata: true, metadataSidecars: true };
    const plan = await splitPlan(folder);
    const { port, merges, tags } = realPort(folder);
    const song = join(folder, 'Song.m4a');
    await workspace.make(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-y', song]);
    const photo = join(folder, 'Photo.jpg');
    await workspace.make(['-f', 'lavfi', '-i', 'testsrc=size=160x90', '-frames:v', '1', '-y', photo]);
    const full: Post = {
      ...post,
      text: 'What the post says',
      author: { username: 'creator', display_name: 'The Creator' },
      created_at: '2024-02-01T10:00:00Z',
      post_url: 'https://video.example/watch/p1',
      site: 'video.example',
      medias: [
        ...post.medias,
        { media_type: 'audio', resource_url: 'https://m.example/song.m4a' },
        { media_type: 'image', resource_url: 'https://m.example/photo.jpg' },
      ],
    };
    const withSingles: MediaPlan = { items: [...plan.items, { mediaIndex: 1, done: { file: song } }, { mediaIndex: 2, done: { file: photo } }] };
    const tasks = fetchTasks(full, withSingles, { template: '{caption}', rule }) as MediaTask[];
    const input = { job: newJob(), post: full, tasks, plan: withSingles, folder, covers: [], settings: tagged, signal: new AbortController().signal, checkpoint: () => undefined };
    const processed = await postProcessStage(port, input);
    if (!processed.ok) throw new Error(JSON.stringify(processed.outcome));
    expect(processed.plan.items.map((item) => item.done.tagged)).toEqual([true, true, true]);
    const merged = processed.plan.items[0]?.done.file ?? '';
    for (const file of [merged, song]) {
      const { stdout } = await exec(workspace.ffmpeg, ['-v', 'error', '-i', file, '-f', 'ffmetadata', '-']);
      expect(stdout).toContain('title=Clip');
      expect(stdout).toContain('artist=The Creator');
      expect(stdout).toContain('comment=https://video.example/watch/p1');
    }
    expect(JSON.parse(readFileSync(sidecarPath(photo), 'utf8'))).toMatchObject({ writtenBy: 'Trove', file: 'Photo.jpg', title: 'Clip', artist: 'The Creator', date: '2024-02-01', link: 'https://video.example/watch/p1', description: 'What the post says' });

    const again = await postProcessStage(port, { ...input, plan: processed.plan });
    expect(again.ok && again.plan).toEqual(processed.plan);
    expect(merges()).toBe(1);
    expect(tags()).toBe(1);
  });

  it('a second run keeps the problems of the subtitles an earlier run saved, and tries an untagged file again', async () => {
    const { folder } = workspace;
    const song = join(folder, 'Untaggable.m4a');
    writeFileSync(song, 'not media');
    const track: SavedSubtitle = { languageTag: 'en', languageName: 'English', format: 'srt', path: join(folder, 'Kept.en.srt'), size: 10 };
    writeFileSync(track.path, '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
    const withAudio: Post = { ...post, medias: [post.medias[0]!, { media_type: 'audio', resource_url: 'https://m.example/song.m4a' }] };
    const earlier: MediaPlan = {
      items: [
        { mediaIndex: 0, variant: { quality: 720 }, done: { file: join(folder, 'Clip.mp4'), subtitles: { tracks: [track], embedPending: false } } },
        { mediaIndex: 1, done: { file: song } },
      ],
      problems: [
        { extra: 'subtitles', code: 'no_matching_subtitles', message: 'No subtitles in ja.' },
        { extra: 'tags', code: 'ffmpeg_failed', message: 'An earlier failure.' },
      ],
    };
    writeFileSync(join(folder, 'Clip.mp4'), 'a finished video');
    const { port, tags } = realPort(folder);
    const tasks = fetchTasks(withAudio, earlier, { template: '{caption}', rule }) as MediaTask[];
    const checkpoints: MediaPlan[] = [];
    const processed = await postProcessStage(port, {
      job: newJob(),
      post: withAudio,
      tasks,
      plan: earlier,
      folder,
      covers: [],
      settings: { ...settings, embedMetadata: true },
      signal: new AbortController().signal,
      checkpoint: (next) => checkpoints.push(next),
    });
    if (!processed.ok) throw new Error(JSON.stringify(processed.outcome));
    expect(tags()).toBe(1);
    // The tags were tried again and failed again (this time for real); the subtitles problem stands.
    expect(processed.plan.problems).toEqual([
      { extra: 'subtitles', code: 'no_matching_subtitles', message: 'No subtitles in ja.' },
      { extra: 'tags', code: 'invalid_input', message: expect.stringContaining('Untaggable.m4a') },
    ]);
    expect(checkpoints.at(-1)).toEqual(processed.plan);
  });

  it('a second run that tags a file the first could not clears that problem', async () => {
    const { folder } = workspace;
    const song = join(folder, 'Fine.m4a');
    await workspace.make(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-c:a', 'aac', '-y', song]);
    const audioPost: Post = { ...post, medias: [{ media_type: 'audio', resource_url: 'https://m.example/song.m4a' }] };
    const earlier: MediaPlan = { items: [{ mediaIndex: 0, done: { file: song } }], problems: [{ extra: 'tags', code: 'ffmpeg_failed', message: 'An earlier failure.' }] };
    const { port } = realPort(folder);
    const tasks = fetchTasks(audioPost, earlier, { template: '{caption}', rule }) as MediaTask[];
    const processed = await postProcessStage(port, {
      job: newJob(),
      post: audioPost,
      tasks,
      plan: earlier,
      folder,
      covers: [],
      settings: { ...settings, embedMetadata: true },
      signal: new AbortController().signal,
      checkpoint: () => undefined,
    });
    if (!processed.ok) throw new Error(JSON.stringify(processed.outcome));
    expect(processed.plan).toEqual({ items: [{ mediaIndex: 0, done: { file: song, tagged: true } }] });
  });
});
