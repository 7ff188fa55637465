import { describe, expect, it } from 'vitest';
import { fetchTasks } from '../../../src/core/jobs/plan/fetch-tasks';
import type { MediaTask } from '../../../src/core/jobs/plan/fetch-tasks';
import { settlePlan } from '../../../src/core/jobs/plan/settle-plan';
import type { Post, Variant } from '../../../src/shared/post';

/*
 * "Best available" downloaded the service's default pick (720p on video.example) while
 * 1080p was offered: it was read as the recommendation, which has its own choice.
 */

const variant = (quality: number, isDefault = false): Variant => ({
  quality,
  quality_label: quality === 9999 ? 'Original' : `${quality}p`,
  video_url: `https://media.example/${quality}.mp4`,
  ...(isDefault ? { is_default: true } : {}),
});

const post = (variants: Variant[]): Post => ({ id: 'p1', title: 'Clip', medias: [{ media_type: 'video', resource_url: 'https://media.example/r', variants }] });

const chosen = (source: Post, quality: 'best' | 'recommended' | 'original' | number): number | undefined => {
  const rule = { quality, audioLanguages: [] };
  return (fetchTasks(source, settlePlan(source, undefined, rule), { template: '{caption} [{id}]', rule })[0] as MediaTask).variant?.quality;
};

describe('the quality a job downloads', () => {
  const offered = post([variant(360), variant(720, true), variant(1080)]);

  it('takes the highest quality for "best", not the service default', () => {
    expect(chosen(offered, 'best')).toBe(1080);
  });

  it('takes the original for "best" when one is offered', () => {
    expect(chosen(post([variant(720, true), variant(9999)]), 'best')).toBe(9999);
  });

  it('keeps the service default for "recommended" and the cap for a height', () => {
    expect(chosen(offered, 'recommended')).toBe(720);
    expect(chosen(offered, 720)).toBe(720);
    expect(chosen(offered, 'original')).toBe(1080);
  });
});
