/**
 * Reduced sizes run in CI (the whole set within minutes on two cores); `--full` runs the
 * sizes the issue asks for. test/reliability/run.ts sets the variable.
 */
export const FULL = process.env['TROVE_RELIABILITY_SIZE'] === 'full';

/** The reduced or the full figure. */
export const sized = (reduced: number, full: number): number => (FULL ? full : reduced);
