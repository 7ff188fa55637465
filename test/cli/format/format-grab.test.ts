import { describe, expect, it } from 'vitest';
import { grabLines } from '../../../src/cli/format/format-grab';
import type { Post } from '../../../src/shared/post';

const post: Post = {
  site: 'video',
  id: 'abc',
  title: 'A title',
  text: 'The body',
  author: { username: 'maker', display_name: 'The Maker' },
  stats: { view_count: 10, like_count: 2 },
  created_at: '2026-01-02T03:04:05Z',
  post_url: 'https://video.example/watch/abc',
  medias: [
    {
      media_type: 'video',
      resource_url: 'https://media.example/v.mp4',
      duration: 3,
      variants: [
        { quality: 360, quality_label: '360p', video_url: 'https://m/360.mp4', video_filesize: 1024 },
        {
          quality: 720,
          quality_label: '720p',
          video_url: 'https://m/720.mp4',
          audio_url: 'https://m/a.m4a',
          video_codec: 'avc1',
          audio_codec: 'mp4a',
          video_filesize: 2048,
          audio_filesize: 1024,
          is_default: true,
        },
      ],
    },
  ],
};

describe('grabLines', () => {
  it('shows caption, author, details and every variant, marking the recommended one', () => {
    expect(grabLines({ kind: 'post', resolutionId: 'r1', post, charged: true }, post.post_url!)).toEqual([
      'A title',
      'The body',
      'by The Maker (@maker)',
      'site: video, id abc',
      'posted: 2026-01-02T03:04:05Z',
      '10 views, 2 likes',
      'link: https://video.example/watch/abc',
      'media 1: video 0:03',
      '  360p  1.0 KiB',
      '  720p  avc1+mp4a  3.0 KiB  video+audio, merged  ← recommended',
      '',
      '(charged)',
    ]);
  });

  it('lists a page of a profile and how to get the next one', () => {
    const lines = grabLines(
      {
        kind: 'playlist',
        resolutionId: 'r2',
        page: { posts: [post, { text: 'Only text', medias: [] }], has_more: true, next_cursor: "c'1", profile: { display_name: 'The Maker', post_count: 45 } },
        charged: true,
        inLibrary: {},
      },
      'https://video.example/@maker',
    );
    expect(lines).toEqual([
      'The Maker — 45 posts',
      '  1. A title  https://video.example/watch/abc',
      '  2. Only text',
      "next page: trove extract 'https://video.example/@maker' --cursor 'c'\\''1'",
      '',
      '(charged)',
    ]);
  });

  it('points to the library for a duplicate instead of paying again', () => {
    const lines = grabLines(
      {
        kind: 'duplicate',
        item: { id: 7, caption: 'A title', addedAt: 0, mediaTypes: ['video'], totalSize: 1, hasSubtitles: false },
      },
      'https://video.example/watch/abc',
    );
    expect(lines[0]).toBe('Already in the library as #7: A title');
    expect(lines[1]).toContain('--force');
  });
});
