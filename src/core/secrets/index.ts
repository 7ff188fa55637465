export * from './key-store';
export * from './keychain';
export * from './keychain-backend';
export * from './keychain-error';
export * from './keychain-report';
export * from './redact-secrets';
export * from './validate-key';
