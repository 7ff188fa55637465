export * from './api-error';
export * from './api-result';
export * from './rate-limiter';
export * from './rate-limiter-registry';
export * from './retry-policy';
export * from './service-client';
export * from './timing';
export * from './charge-reporting-client';
