import type { ExtractEndpoint } from './endpoints';

/**
 * Credits each successful (200) extraction costs. The spec leaves the amounts open; these
 * are the sandbox's defaults, documented in docs/sandbox.md. A playlist is charged per page.
 * Credit queries are free and non-200 answers are never charged.
 */
export const COST_BY_ENDPOINT: Readonly<Record<ExtractEndpoint, number>> = {
  post: 1,
  playlist: 5,
  subtitles: 2,
};

export interface PriceRule {
  endpoint: ExtractEndpoint;
  /** Host of the extracted link (e.g. "video.example"); absent: every site without its own rule. */
  site?: string;
  credits: number;
}

/** The host an extraction is priced by; a link that is no URL has none. */
export function siteOf(link: string): string | undefined {
  try {
    return new URL(link).hostname.toLowerCase() || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Prices per endpoint and site, set through the admin API so tests can give Trove prices
 * it has never seen (the real service's prices are unknown and may differ per site).
 */
export class PriceList {
  private readonly rules = new Map<string, number>();

  private static keyOf(endpoint: ExtractEndpoint, site: string | undefined): string {
    return `${endpoint} ${site ?? '*'}`;
  }

  set(rule: PriceRule): void {
    this.rules.set(PriceList.keyOf(rule.endpoint, rule.site?.toLowerCase()), rule.credits);
  }

  /** Back to COST_BY_ENDPOINT everywhere. */
  reset(): void {
    this.rules.clear();
  }

  /** The site's own rule, else the endpoint's, else the default. */
  cost(endpoint: ExtractEndpoint, link: string): number {
    const site = siteOf(link);
    return (
      (site !== undefined ? this.rules.get(PriceList.keyOf(endpoint, site)) : undefined) ??
      this.rules.get(PriceList.keyOf(endpoint, undefined)) ??
      COST_BY_ENDPOINT[endpoint]
    );
  }

  list(): PriceRule[] {
    return [...this.rules].map(([key, credits]) => {
      const [endpoint, site] = key.split(' ') as [ExtractEndpoint, string];
      return { endpoint, ...(site !== '*' ? { site } : {}), credits };
    });
  }
}
