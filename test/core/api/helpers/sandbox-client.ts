import { createServiceClient } from '../../../../src/core/api/service-client';
import type { ServiceClient, ServiceClientOptions } from '../../../../src/core/api/service-client';
import type { ApiVersion } from '../../../../src/shared/settings';
import { recordingFetch } from './recording-fetch';
import type { RecordedRequest } from './recording-fetch';

/**
 * A real client on a real server, with real fetch wrapped to record each request. Backoff
 * jitter is fixed at zero so retries happen at once (Retry-After is still honoured).
 */
export function recordedClient(
  baseUrl: string,
  apiVersion: ApiVersion,
  options: Partial<ServiceClientOptions> & { key?: string | undefined } = {},
): { client: ServiceClient; requests: RecordedRequest[] } {
  const { key, ...rest } = options;
  // An explicit `key: undefined` means "no key set"; leaving it out means the sandbox's key.
  const apiKey = 'key' in options ? key : 'sandbox-key';
  const recorder = recordingFetch();
  const client = createServiceClient({
    baseUrl,
    apiVersion,
    getKey: () => Promise.resolve(apiKey),
    fetch: recorder.fetch,
    random: () => 0,
    ...rest,
  });
  return { client, requests: recorder.requests };
}
