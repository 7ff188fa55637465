export * from './subscription-store';
export * from './subscriptions';
