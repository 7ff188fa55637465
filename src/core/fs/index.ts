export * from './os-file-lock';
export * from './sync-file';
export * from './write-file-atomic';
export * from './check-folder-writable';
export * from './errno-of';
export * from './folder-problem';
export * from './make-folder';
