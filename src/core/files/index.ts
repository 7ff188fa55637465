export * from './file-name-template';
export * from './resolve-inside';
export * from './sanitize-file-name';
export * from './unique-name';
