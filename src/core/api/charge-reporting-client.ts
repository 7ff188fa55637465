import type { ApiResult } from './api-result';
import { OPERATIONS, ledgerEndpoint } from './operations';
import type { Operation } from './operations';
import type { ServiceClient } from './service-client';

/** A call the service charged for: what the ledger records. */
export interface ChargedCall {
  /** The operation's ledger name, e.g. "v1 POST /extract/post". */
  readonly endpoint: string;
  /** The link the call asked about (a post, profile or playlist), never a media URL. */
  readonly link: string;
}

/**
 * The client with every charged call reported at one place, whoever makes it (a preview, a
 * job, a playlist page): a result the client marked charged (a 200 of an operation the
 * OPERATIONS table says is charged, or a failure the service billed anyway) is told to
 * `onCharged` with the operation's ledger name and the link asked about.
 */
export function reportingCharges(client: ServiceClient, onCharged: (call: ChargedCall) => void): ServiceClient {
  const operations = OPERATIONS[client.apiVersion];
  const reported =
    (operation: Operation<unknown>, link: string) =>
    <T>(result: ApiResult<T>): ApiResult<T> => {
      if (result.charged) onCharged({ endpoint: ledgerEndpoint(client.apiVersion, operation), link });
      return result;
    };
  return {
    apiVersion: client.apiVersion,
    extractPost: (url, options) => client.extractPost(url, options).then(reported(operations.post, url)),
    extractPlaylist: (url, cursor, options) => client.extractPlaylist(url, cursor, options).then(reported(operations.playlist, url)),
    extractSubtitles: (url, options) => client.extractSubtitles(url, options).then(reported(operations.subtitles, url)),
    // The balance is free (the table says so) and asks about no link.
    credits: (options) => client.credits(options),
    async *pages(url, options) {
      for await (const page of client.pages(url, options)) yield reported(operations.playlist, url)(page);
    },
  };
}
