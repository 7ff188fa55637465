export * from './collect-diagnostics';
export * from './diagnose-without-engine';
export * from './supported-node';
