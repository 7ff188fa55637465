import { z } from 'zod';
import type { FaultSpec } from '../types';

const base = { match: z.string().min(1), times: z.number().int().positive().optional() };
const afterBytes = z.number().int().nonnegative();

export const faultSpecSchema = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('reset'), afterBytes }).strict(),
  z.object({ ...base, kind: z.literal('stall'), afterBytes }).strict(),
  z.object({ ...base, kind: z.literal('truncate'), afterBytes }).strict(),
  z.object({ ...base, kind: z.literal('ignore-range') }).strict(),
  z.object({ ...base, kind: z.literal('status'), status: z.number().int().min(400).max(599) }).strict(),
  z.object({ ...base, kind: z.literal('mutate') }).strict(),
]) satisfies z.ZodType<FaultSpec>;

interface ActiveFault {
  spec: FaultSpec;
  remaining: number;
}

/**
 * Faults waiting for media requests. Each request takes at most one: the oldest fault
 * whose `match` is '*' or a substring of the media path and that has uses left.
 */
export class FaultRegistry {
  private active: ActiveFault[] = [];
  private readonly generations = new Map<string, number>();

  constructor(private readonly enabled: boolean) {}

  add(spec: FaultSpec): void {
    if (!this.enabled) throw new Error('Fault injection is off: start the sandbox with faults: true (--faults)');
    const parsed = faultSpecSchema.parse(spec);
    this.active.push({ spec: parsed, remaining: parsed.times ?? 1 });
  }

  clear(): void {
    this.active = [];
  }

  /** The fault for this request, if any; a `mutate` fault changes the resource right away. */
  take(path: string): FaultSpec | undefined {
    const fault = this.active.find((f) => f.remaining > 0 && (f.spec.match === '*' || path.includes(f.spec.match)));
    if (!fault) return undefined;
    fault.remaining -= 1;
    this.active = this.active.filter((f) => f.remaining > 0);
    if (fault.spec.kind === 'mutate') this.generations.set(path, this.generation(path) + 1);
    return fault.spec;
  }

  /** How many times the resource at `path` has been mutated. */
  generation(path: string): number {
    return this.generations.get(path) ?? 0;
  }
}
