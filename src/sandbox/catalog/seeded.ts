import { createHash } from 'node:crypto';

/** A stable number in [0, max) derived from `seed`: the catalog is deterministic. */
export function seededInt(seed: string, max: number): number {
  return createHash('sha256').update(seed).digest().readUInt32BE(0) % max;
}

const EPOCH = Date.UTC(2024, 0, 1);
const YEAR_SECONDS = 365 * 24 * 3600;

/** A stable ISO 8601 timestamp within 2024, e.g. 2024-05-17T08:21:09Z. */
export const seededDate = (seed: string): string =>
  new Date(EPOCH + seededInt(`date:${seed}`, YEAR_SECONDS) * 1000).toISOString().replace('.000Z', 'Z');
