export { startSandbox } from './start-sandbox';
export { COST_BY_ENDPOINT } from './prices';
export { LEGACY_RATE_RULES, V1_RATE_RULES } from './rate-limit';
export type { PriceRule } from './prices';
export type { FaultKind, FaultSpec, Sandbox, SandboxCharge, SandboxOptions, SandboxStats } from './types';
