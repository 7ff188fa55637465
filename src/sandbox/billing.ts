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
