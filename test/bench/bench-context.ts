import type { Figure } from './figure';
import type { StaticServer } from './tools/static-server';

export interface Ceilings {
  /** curl from the local static server to /dev/null. */
  loopbackBytesPerSecond: number;
  /** A large sequential write ending with fsync. */
  diskBytesPerSecond: number;
}

/** What every benchmark gets from the runner. */
export interface BenchContext {
  quick: boolean;
  /** A temp directory of this run, deleted at the end. */
  runDir: string;
  log(message: string): void;
  /** A file of random bytes, served over HTTP by a static server in a child process. */
  source: { path: string; size: number; server: StaticServer };
  /** Measured first, so that Trove's figures can be read as fractions of them. */
  ceilings: Ceilings;
}

export interface Benchmark {
  id: string;
  title: string;
  run(context: BenchContext): Promise<Figure[]>;
}
