export * from './rebuild-library';
export * from './parse-ffmetadata';
