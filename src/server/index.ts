export * from './request-gate';
export * from './socket-messages';
export * from './web-mode';
export * from './web-server';
