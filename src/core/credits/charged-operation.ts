/** What a charged call bought, as prices are learned and shown: the operation and the site. */
export type ChargedOperation = 'post' | 'playlist' | 'subtitles';

export interface PriceKey {
  readonly operation: ChargedOperation;
  readonly site: string;
}

const OPERATIONS: readonly ChargedOperation[] = ['post', 'playlist', 'subtitles'];

/** The site a link's price belongs to: its host, without a leading "www.". */
export function siteOfLink(link: string): string {
  try {
    return new URL(link).hostname.toLowerCase().replace(/^www\./, '') || link;
  } catch {
    return link;
  }
}

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
