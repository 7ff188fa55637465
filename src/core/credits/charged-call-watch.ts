/** The moment a balance query is sent, as the price learner needs to know it. */
export interface WatchMark {
  readonly quiet: boolean;
  readonly started: number;
}

/**
 * Counts the charged calls out at the service. A balance answer can be split among calls
 * only if none was out when it was asked, and none started before it came back: such a
 * call may or may not be in the number.
 */
export class ChargedCallWatch {
  private inFlight = 0;
  private startedCount = 0;

  started(): void {
    this.inFlight++;
    this.startedCount++;
  }

  ended(): void {
    this.inFlight--;
  }

  /** Taken just before a balance query is sent. */
  mark(): WatchMark {
    return { quiet: this.inFlight === 0, started: this.startedCount };
  }

  /** Whether no charged call could have touched the balance since `mark` (checked at the answer). */
  stillQuiet(mark: WatchMark): boolean {
    return mark.quiet && this.startedCount === mark.started;
  }
}
