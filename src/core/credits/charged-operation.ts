import { chargedOperationSchema } from '../../shared/credits';
import { siteOf } from '../../shared/price-quote';
import type { ChargedOperation } from '../../shared/price-quote';

export type { ChargedOperation };

/** What a charged call bought, as prices are learned and shown: the operation and the site. */
export interface PriceKey {
  readonly operation: ChargedOperation;
  readonly site: string;
}

const OPERATIONS: readonly ChargedOperation[] = chargedOperationSchema.options;

/** The site a link's price belongs to (its host without "www."); a link that is no URL is its own. */
export const siteOfLink = (link: string): string => siteOf(link) ?? link;

/** "v1 POST /extract/post" → post; undefined for anything that is no charged extraction. */
export function operationOfEndpoint(endpoint: string): ChargedOperation | undefined {
  const last = endpoint.split('/').at(-1);
  return OPERATIONS.find((operation) => operation === last);
}

/** The price key of a ledger row (endpoint + link), or undefined for an endpoint that is not priced. */
export function priceKeyOf(entry: { readonly endpoint: string; readonly link: string }): PriceKey | undefined {
  const operation = operationOfEndpoint(entry.endpoint);
  return operation ? { operation, site: siteOfLink(entry.link) } : undefined;
}
