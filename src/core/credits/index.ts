export * from './balance-alerts';
export * from './balance-thresholds';
export * from './csv';
export * from './ledger';
export * from './credits-monitor';
