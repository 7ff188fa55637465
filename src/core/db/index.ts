export * from './database';
export * from './migrate';
export * from './migrations';
export * from './sqlite-error';
export * from './set-aside-corrupt';
export { recordCleanClose } from './clean-close';
