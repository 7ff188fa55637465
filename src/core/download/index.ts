export * from './bandwidth-limiter';
export * from './download-error';
export * from './download-file';
export * from './download-request';
export * from './download-settings';
export { removePartFiles } from './part-file';
export * from './progress-meter';
export * from './write-budget';
