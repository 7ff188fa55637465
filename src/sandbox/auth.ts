import type { IncomingHttpHeaders } from 'node:http';
import type { ApiVersion } from './api-version';

/** v1 wants exactly "Bearer", one space, then the key: no other spacing is accepted. */
const BEARER = /^Bearer (\S+)$/;

/** The key a request presents: v1 in `Authorization: Bearer <key>`, legacy in `x-api-key`. */
function presentedKey(version: ApiVersion, headers: IncomingHttpHeaders): string | undefined {
  if (version === 'v1') return BEARER.exec(headers.authorization ?? '')?.[1];
  const key = headers['x-api-key'];
  return typeof key === 'string' && key !== '' ? key : undefined;
}

export function authenticate(version: ApiVersion, headers: IncomingHttpHeaders, keys: ReadonlySet<string>): string | undefined {
  const key = presentedKey(version, headers);
  return key !== undefined && keys.has(key) ? key : undefined;
}
