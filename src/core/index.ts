export type { Core } from './core-api';
export type { CoreOptions } from './create-core';
export { createCore, CoreStartError } from './create-core';
