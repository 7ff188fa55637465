export * from './key-store';
export * from './keychain-error';
export * from './redact-secrets';
export * from './validate-key';
