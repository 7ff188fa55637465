export * from './choose-container';
export * from './ffmpeg-gate';
export * from './locate-ffmpeg';
export * from './media-error';
export * from './media-info';
export * from './merge-streams';
export * from './probe-media';
export * from './run-ffmpeg';
