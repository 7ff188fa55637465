import type { PriceRule } from './prices';

/** Options of startSandbox (docs/sandbox.md lists each one with its CLI flag). */
export interface SandboxOptions {
  /** 0 = any free port (the default, for tests). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default ['sandbox-key']. */
  keys?: string[];
  /** Starting balance per key, default 12000. */
  credits?: number;
  /** Media URL lifetime in seconds, default 600. */
  ttlSeconds?: number;
  /** Per connection, media only; default 0 = unlimited. */
  throttleBytesPerSecond?: number;
  /** Playlist page size, default 20. */
  pageSize?: number;
  /** Enable fault injection, default false. */
  faults?: boolean;
  /** Injectable clock in ms (expiry and rate-limit tests). */
  now?: () => number;
  /** Where generated sample media is cached, default os.tmpdir(). */
  mediaCacheDir?: string;
  /** ffmpeg binary used to generate the samples, default Trove's lookup: $FFMPEG_PATH, bundled, `ffmpeg` on PATH. */
  ffmpegPath?: string;
  /** Hosts whose subtitles are refused (unsupported_site), default none: e.g. video.example, a refusing site with profiles. */
  subtitlesRefusedOn?: string[];
}

export interface Sandbox {
  /** Base URL, e.g. http://127.0.0.1:40123 (v1 at /openapi/v1, legacy at /openapi). */
  url: string;
  keys: string[];
  close(): Promise<void>;
  setBalance(key: string, credits: number): void;
  getBalance(key: string): number;
  /** What an extraction costs from now on, per endpoint and (optionally) site. */
  setPrice(rule: PriceRule): void;
  /** The rules set so far (endpoints and sites without one cost COST_BY_ENDPOINT). */
  prices(): PriceRule[];
  resetPrices(): void;
  /** Counters for assertions. */
  stats(): SandboxStats;
  resetStats(): void;
  /** Throws unless started with faults: true. */
  addFault(fault: FaultSpec): void;
  clearFaults(): void;
  /**
   * The creator of a video.example list (`/@alice` or `/playlist/mix`) publishes `count` new
   * posts now: they come first in the list, newest first. Returns how many were added so far.
   */
  addPosts(list: string, count: number): number;
  /** A signed media URL serving `size` deterministic pseudo-random bytes (seeded), with
   *  full Range/ETag support, throttle and faults like any media: for large-file tests. */
  blobUrl(size: number, seed?: string): string;
}

export interface SandboxCharge {
  key: string;
  endpoint: string;
  url: string;
  cost: number;
  at: number;
}

export interface SandboxStats {
  /** API requests (not media, not admin). */
  requests: number;
  /** e.g. 'v1 POST /extract/post' → count. */
  byEndpoint: Record<string, number>;
  charges: SandboxCharge[];
  /** 429s sent. */
  rateLimited: number;
  mediaRequests: number;
}

export type FaultSpec = {
  /** Substring of the media URL path, or '*' for every media URL. */
  match: string;
  /** How many matching requests it affects (default 1). */
  times?: number;
} & (
  | { kind: 'reset'; afterBytes: number }
  | { kind: 'stall'; afterBytes: number }
  | { kind: 'truncate'; afterBytes: number }
  | { kind: 'ignore-range' }
  | { kind: 'status'; status: number }
  | { kind: 'mutate' }
);

export type FaultKind = FaultSpec['kind'];
