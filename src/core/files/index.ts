export * from './file-name-template';
export * from './owned-temp';
export * from './resolve-inside';
export * from './sanitize-file-name';
export * from './unique-name';
export * from './default-download-folder';
