import type { LearnedPrice } from '../../shared/credits';
import type { ErrorInfo } from '../../shared/errors';

export interface CostCapPorts {
  /** The learned price of one page of this profile's site, or undefined while unknown. */
  pagePrice(): LearnedPrice | undefined;
  /** Reads the free balance now, so the learner can price the pages just bought. */
  learnPrices(): Promise<unknown>;
}

export interface CostCap {
  /** Before buying a page: undefined to go ahead, else why the run stops here. */
  beforePage(): Promise<ErrorInfo | undefined>;
  /** A page was bought (charged; a page shown again free is not counted). */
  bought(): void;
}

/**
 * A profile run's cost cap, checked before each page it would buy. The cap is per attempt:
 * a Retry after the stop may spend as much again, from where the run stopped. Spending is
 * pages bought × the learned price, at its upper bound when the price is only approximate,
 * so the run stops before passing the cap, never after. An unknown price cannot be kept
 * within a cap: the first page is bought to learn it (a balance read, free, prices it), and
 * a price still unknown after that stops the run rather than spend blindly.
 */
export function createCostCap(maxCredits: number | undefined, ports: CostCapPorts): CostCap {
  let pages = 0;
  return {
    async beforePage() {
      if (maxCredits === undefined) return undefined;
      let price = ports.pagePrice();
      if (!price && pages > 0) {
        await ports.learnPrices();
        price = ports.pagePrice();
      }
      if (!price) {
        if (pages === 0) return undefined;
        return stop(`Stopped after ${pages} pages: their price is not known yet, so a cap of ${maxCredits} credits cannot be kept.`, maxCredits, pages);
      }
      const spent = pages * price.high;
      if (spent + price.high <= maxCredits) return undefined;
      return stop(
        `Stopped before page ${pages + 1}: at ≈ ${price.credits} credits a page it would take this run past its cap of ${maxCredits} credits (${pages} pages bought).`,
        maxCredits,
        pages,
        spent,
      );
    },
    bought() {
      pages += 1;
    },
  };
}

const stop = (message: string, capCredits: number, pages: number, spentCredits?: number): ErrorInfo => ({
  code: 'cost_cap_reached',
  message,
  retryable: false,
  detail: { capCredits, pages, ...(spentCredits === undefined ? {} : { spentCredits }) },
});
