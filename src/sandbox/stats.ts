import type { SandboxCharge, SandboxStats } from './types';

/** Counters behind Sandbox.stats(); snapshots are copies, so callers cannot disturb them. */
export class StatsRecorder {
  private data: SandboxStats = StatsRecorder.empty();

  private static empty(): SandboxStats {
    return { requests: 0, byEndpoint: {}, charges: [], rateLimited: 0, mediaRequests: 0 };
  }

  request(label: string): void {
    this.data.requests += 1;
    this.data.byEndpoint[label] = (this.data.byEndpoint[label] ?? 0) + 1;
  }

  charge(charge: SandboxCharge): void {
    this.data.charges.push(charge);
  }

  rateLimited(): void {
    this.data.rateLimited += 1;
  }

  mediaRequest(): void {
    this.data.mediaRequests += 1;
  }

  snapshot(): SandboxStats {
    return structuredClone(this.data);
  }

  reset(): void {
    this.data = StatsRecorder.empty();
  }
}
