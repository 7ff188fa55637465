export * from './content-type';
export * from './file-response';
export * from './media-roots';
export * from './resolve-media-path';
