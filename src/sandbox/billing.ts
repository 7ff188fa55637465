import type { ExtractEndpoint } from './endpoints';

/**
 * Credits each successful (200) extraction costs. The spec leaves the amounts open; these
 * are the sandbox's, documented in docs/sandbox.md. A playlist is charged per page.
 * Credit queries are free and non-200 answers are never charged.
 */
export const COST_BY_ENDPOINT: Readonly<Record<ExtractEndpoint, number>> = {
  post: 1,
  playlist: 5,
  subtitles: 2,
};

/** Balance per key, shared by v1 and legacy. */
export class Ledger {
  private readonly balances = new Map<string, number>();

  constructor(keys: readonly string[], credits: number) {
    for (const key of keys) this.balances.set(key, credits);
  }

  balance(key: string): number {
    const balance = this.balances.get(key);
    if (balance === undefined) throw new Error(`Unknown sandbox key "${key}"`);
    return balance;
  }

  set(key: string, credits: number): void {
    this.balance(key);
    this.balances.set(key, credits);
  }

  canAfford(key: string, cost: number): boolean {
    return this.balance(key) >= cost;
  }

  debit(key: string, cost: number): void {
    this.set(key, this.balance(key) - cost);
  }
}
