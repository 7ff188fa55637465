import type { Post } from '../../../src/shared/post';

/** A post shaped like the sandbox's video.example answer, URLs included (they must not be stored). */
export function videoPost(id: string, overrides: Partial<Post> = {}): Post {
  return {
    site: 'video.example',
    id,
    title: `Video ${id}`,
    text: `Description of ${id}`,
    medias: [
      {
        media_type: 'video',
        resource_url: `https://media.video.example/${id}.mp4?sig=expiring`,
        preview_url: `https://media.video.example/${id}.jpg?sig=expiring`,
        duration: 12,
        variants: [
          {
            quality: 720,
            quality_label: '720p',
            video_url: `https://media.video.example/${id}-720.mp4?sig=expiring`,
            video_codec: 'avc1.64001f',
            audio_url: `https://media.video.example/${id}-a.m4a?sig=expiring`,
            audio_codec: 'mp4a.40.2',
            is_default: true,
          },
        ],
      },
    ],
    author: { username: 'creator', display_name: 'The Creator', avatar_url: 'https://media.video.example/avatar.jpg?sig=x' },
    stats: { view_count: 100, like_count: 7 },
    created_at: '2025-06-01T12:00:00Z',
    post_url: `https://video.example/watch/${id}`,
    ...overrides,
  };
}
