export * from './body';
export * from './codes';
export * from './language';
