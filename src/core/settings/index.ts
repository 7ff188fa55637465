export * from './settings-store';
