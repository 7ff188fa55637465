export * from './contract';
export * from './credits';
export * from './error-codes';
export * from './errors';
export * from './post';
export * from './subtitles';
