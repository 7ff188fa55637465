/**
 * One line of the benchmark table. `ratio` is Trove's figure over its reference, in the
 * direction the goal reads (higher is better for throughput ratios, lower for times);
 * `met` is undefined for context figures that carry no goal.
 */
export interface Figure {
  /** Benchmark number (1–8) or a context id such as `ceiling`. */
  id: string;
  name: string;
  /** Trove's figure, formatted. */
  value: string;
  /** What it is compared with in the same run, formatted; '—' when the goal is absolute. */
  reference: string;
  ratio?: number;
  goal: string;
  met?: boolean;
  /** Raw numbers behind the figure (samples, medians), for bench.json. */
  detail?: Record<string, unknown>;
  /** A short measured explanation, e.g. where the time went when a goal is missed. */
  note?: string;
}

const MB = 1_000_000;

export const formatRate = (bytesPerSecond: number): string => `${(bytesPerSecond / MB).toFixed(0)} MB/s`;
export const formatMs = (ms: number): string => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : ms >= 100 ? `${ms.toFixed(0)} ms` : `${ms.toFixed(2)} ms`);
export const formatBytes = (bytes: number): string =>
  bytes >= 1 << 30 ? `${(bytes / (1 << 30)).toFixed(bytes % (1 << 30) === 0 ? 0 : 2)} GiB` : `${(bytes / (1 << 20)).toFixed(0)} MiB`;
