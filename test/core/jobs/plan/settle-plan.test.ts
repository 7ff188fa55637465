import { describe, expect, it } from 'vitest';
import { fetchTasks } from '../../../../src/core/jobs/plan/fetch-tasks';
import type { MediaTask } from '../../../../src/core/jobs/plan/fetch-tasks';
import { finalFiles, mediaPlanSchema, withCheckpoint } from '../../../../src/core/jobs/plan/media-plan-schema';
import { settlePlan } from '../../../../src/core/jobs/plan/settle-plan';
import type { Post, Variant } from '../../../../src/shared/post';

const variant = (quality: number, extra: Partial<Variant> = {}): Variant => ({
  quality,
  quality_label: `${quality}p`,
  video_url: `https://media.example/${quality}.mp4`,
  audio_url: `https://media.example/${quality}.m4a`,
  ...extra,
});
const post: Post = {
  id: 'p1',
  title: 'Clip',
  medias: [
    { media_type: 'video', resource_url: 'https://media.example/r', variants: [variant(360), variant(720, { is_default: true }), variant(1080)] },
    { media_type: 'image', resource_url: 'https://media.example/i.jpg' },
    {
      media_type: 'audio',
      resource_url: 'https://media.example/a',
      variants: [
        { quality: 128, quality_label: 'English', audio_url: 'https://media.example/en.m4a', language_tag: 'en' },
        { quality: 128, quality_label: 'Deutsch', audio_url: 'https://media.example/de.m4a', language_tag: 'de' },
      ],
    },
  ],
};
const rule = { quality: 'recommended' as const, audioLanguages: ['de'] };

describe('settlePlan: the variant is chosen once', () => {
  it('chooses by the default rule for every item of a link job, and keeps that choice in the plan', () => {
    expect(settlePlan(post, undefined, rule)).toEqual({
      items: [
        { mediaIndex: 0, variant: { quality: 720 }, done: {} },
        { mediaIndex: 1, done: {} },
        { mediaIndex: 2, variant: { quality: 128, languageTag: 'de' }, done: {} },
      ],
    });
  });

  it('keeps a variant the user chose, whatever the rule says, and only the items picked', () => {
    const picked = { items: [{ mediaIndex: 0, variant: { quality: 1080 }, done: {} }] };
    const settled = settlePlan(post, picked, { quality: 360, audioLanguages: [] });
    expect(settled).toEqual(picked);
    const [task] = fetchTasks(post, settled, { template: '{caption} [{id}]', rule }) as MediaTask[];
    expect(task?.variant?.quality).toBe(1080);
    expect(task?.downloads.map((download) => download.url)).toEqual(['https://media.example/1080.mp4', 'https://media.example/1080.m4a']);
  });

  it('finds the chosen variant in a refreshed post that lists its variants in another order', () => {
    const refreshed: Post = { ...post, medias: [{ ...post.medias[0], media_type: 'video', resource_url: 'r', variants: [variant(1080), variant(720), variant(360)] }] };
    const [task] = fetchTasks(refreshed, { items: [{ mediaIndex: 0, variant: { quality: 360 }, done: {} }] }, { template: '{id}', rule }) as MediaTask[];
    expect(task?.variant?.quality).toBe(360);
  });

  it('says why an item the refreshed post no longer has is skipped', () => {
    expect(fetchTasks({ ...post, medias: [] }, { items: [{ mediaIndex: 1, done: {} }] }, { template: '{id}', rule })).toEqual([
      { mediaIndex: 1, skipped: 'This post no longer has a media item 2.' },
    ]);
  });
});

describe('the plan checkpoints', () => {
  it('set and clear fields of one item, and refuse what the schema does not know', () => {
    const plan = settlePlan(post, undefined, rule);
    const downloaded = withCheckpoint(plan, 0, { videoPart: '/d/v.mp4', audioPart: '/d/a.m4a' });
    const merged = withCheckpoint(downloaded, 0, { file: '/d/clip.mp4', codecs: 'h264+aac', videoPart: undefined, audioPart: undefined });
    expect(merged.items[0]?.done).toEqual({ file: '/d/clip.mp4', codecs: 'h264+aac' });
    expect(merged.items[1]).toEqual(plan.items[1]);
    expect(finalFiles(downloaded)).toEqual([]);
    expect(finalFiles(merged)).toEqual(['/d/clip.mp4']);
    expect(mediaPlanSchema.safeParse({ items: [{ mediaIndex: 0, done: { '0.video': ['/d/v.mp4'] } }] }).success).toBe(false);
  });
});
