/**
 * Links the built-in sandbox answers (docs/sandbox.md, Catalog), offered to try while
 * sandbox mode is on so a first run without a key has something to paste. Sample links
 * only: the sandbox's tests resolve each of them.
 */
export const SANDBOX_SAMPLE_LINKS = [
  { kind: 'video', url: 'https://video.example/watch/first-run' },
  { kind: 'profile', url: 'https://video.example/@sample-channel-12' },
  { kind: 'photos', url: 'https://photos.example/p/first-run' },
  { kind: 'music', url: 'https://music.example/t/first-run' },
] as const;

export type SandboxSampleKind = (typeof SANDBOX_SAMPLE_LINKS)[number]['kind'];
