import { describe, expect, it } from 'vitest';
import { legacyPlaylistPageSchema } from '../../../src/core/api/legacy/playlist-page';
import { legacyPostSchema } from '../../../src/core/api/legacy/post';
import { v1PlaylistPageSchema } from '../../../src/core/api/v1/playlist-page';
import { postSchema } from '../../../src/shared/post';

const legacyPost = {
  id: 'abc',
  text: 'A title on a site with titles',
  created_at: '2026-01-02T03:04:05Z',
  post_url: 'https://video.example/watch/abc',
  user: { username: 'ann', display_name: 'Ann', image_url: 'https://img/ann.jpg' },
  stats: { view_count: 10, like_count: 2 },
  some_future_field: { ignored: true },
  medias: [
    {
      media_type: 'video',
      resource_url: 'https://m/720.mp4',
      preview_url: 'https://m/p.jpg',
      duration: 3,
      headers: { Referer: 'https://video.example/' },
      formats: [
        { quality: 360, quality_note: '360p', video_url: 'https://m/360.mp4', video_ext: 'mp4', video_size: 1000, separate: 0 },
        {
          quality: 720,
          quality_note: '720p',
          fps: 30,
          video_url: 'https://m/720v.mp4',
          audio_url: 'https://m/720a.m4a',
          video_size: 5000,
          audio_size: 700,
          video_codec: 'avc1',
          audio_codec: 'mp4a',
          default: true,
          separate: 1,
        },
        { quality: 9999, quality_note: 'Original', video_url: 'https://m/o.mp4', default: 0 },
      ],
    },
    { media_type: 'image', resource_url: 'https://m/i.jpg' },
  ],
};

describe('legacy post → v1 model', () => {
  it('renames every field the spec lists, keeps the others, drops separate and unknown fields', () => {
    const post = legacyPostSchema.parse(legacyPost);
    expect(post).toEqual({
      id: 'abc',
      text: 'A title on a site with titles',
      created_at: '2026-01-02T03:04:05Z',
      post_url: 'https://video.example/watch/abc',
      author: { username: 'ann', display_name: 'Ann', avatar_url: 'https://img/ann.jpg' },
      stats: { view_count: 10, like_count: 2 },
      medias: [
        {
          media_type: 'video',
          resource_url: 'https://m/720.mp4',
          preview_url: 'https://m/p.jpg',
          duration: 3,
          headers: { Referer: 'https://video.example/' },
          variants: [
            { quality: 360, quality_label: '360p', video_url: 'https://m/360.mp4', video_ext: 'mp4', video_filesize: 1000 },
            {
              quality: 720,
              quality_label: '720p',
              fps: 30,
              video_url: 'https://m/720v.mp4',
              audio_url: 'https://m/720a.m4a',
              video_filesize: 5000,
              audio_filesize: 700,
              video_codec: 'avc1',
              audio_codec: 'mp4a',
              is_default: true,
            },
            { quality: 9999, quality_label: 'Original', video_url: 'https://m/o.mp4', is_default: false },
          ],
        },
        { media_type: 'image', resource_url: 'https://m/i.jpg' },
      ],
    });
    // The result is a valid v1 post, with no key present-but-undefined.
    expect(postSchema.parse(post)).toEqual(post);
    expect(JSON.stringify(post)).not.toContain('separate');
    expect(Object.keys(post.medias[1] ?? {})).toEqual(['media_type', 'resource_url']);
  });

  it('keeps a minimal post minimal: absent optional fields stay absent', () => {
    const post = legacyPostSchema.parse({ medias: [{ media_type: 'file', resource_url: 'https://m/f.bin' }] });
    expect(post).toEqual({ medias: [{ media_type: 'file', resource_url: 'https://m/f.bin' }] });
    expect('author' in post).toBe(false);
  });

  it('refuses what breaks the spec', () => {
    expect(legacyPostSchema.safeParse({ text: 'no medias' }).success).toBe(false);
    expect(legacyPostSchema.safeParse({ medias: [{ media_type: 'video', resource_url: 5 }] }).success).toBe(false);
    expect(legacyPostSchema.safeParse({ medias: [{ media_type: 'hologram', resource_url: 'u' }] }).success).toBe(false);
    const badFormat = { medias: [{ media_type: 'video', resource_url: 'u', formats: [{ quality: '720p', quality_note: '720p' }] }] };
    expect(legacyPostSchema.safeParse(badFormat).success).toBe(false);
  });
});

describe('playlist pages', () => {
  it('legacy: user → profile with avatar_url, posts normalized, cursor kept', () => {
    const page = legacyPlaylistPageSchema.parse({
      has_more: true,
      next_cursor: 'opaque==/+',
      posts: [{ id: '1', text: 'one', medias: [{ media_type: 'image', resource_url: 'https://m/1.jpg' }] }],
      user: { username: 'ann', image_url: 'https://img/ann.jpg' },
    });
    expect(page).toEqual({
      has_more: true,
      next_cursor: 'opaque==/+',
      posts: [{ id: '1', text: 'one', medias: [{ media_type: 'image', resource_url: 'https://m/1.jpg' }] }],
      profile: { username: 'ann', avatar_url: 'https://img/ann.jpg' },
    });
  });

  it('legacy: the last page without next_cursor gets ""', () => {
    const page = legacyPlaylistPageSchema.parse({ has_more: false, posts: [] });
    expect(page).toEqual({ has_more: false, next_cursor: '', posts: [] });
  });

  it('v1: accepts "" or nothing on the last page, and keeps site and profile', () => {
    const last = v1PlaylistPageSchema.parse({ site: 'video', has_more: false, posts: [], profile: { username: 'ann', post_count: 45 } });
    expect(last).toEqual({ site: 'video', has_more: false, next_cursor: '', posts: [], profile: { username: 'ann', post_count: 45 } });
    expect(v1PlaylistPageSchema.parse({ has_more: false, next_cursor: '', posts: [] }).next_cursor).toBe('');
  });

  it('both: a page that has more but no cursor breaks the spec', () => {
    for (const schema of [legacyPlaylistPageSchema, v1PlaylistPageSchema]) {
      const result = schema.safeParse({ has_more: true, posts: [] });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['next_cursor']);
      expect(schema.safeParse({ has_more: true, next_cursor: '', posts: [] }).success).toBe(false);
    }
  });
});
