export * from './os-file-lock';
export * from './sync-file';
export * from './write-file-atomic';
