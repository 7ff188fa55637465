export const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of each secret (also in its URL-encoded form) in text that may
 * end up in a message, a log or a crash report.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let redacted = text;
  for (const secret of secrets) {
    if (secret === undefined || secret === '') continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) redacted = redacted.split(form).join(REDACTED);
  }
  return redacted;
}

/** Past this depth a structure from outside is cut rather than walked (a hostile body can nest deeply). */
const MAX_DEPTH = 32;

/**
 * `redactSecrets` over every string of a JSON-like value, keys included: for structured
 * extras (an error's `detail`) that a server may fill with what it was sent.
 */
export function redactSecretsDeep(value: unknown, secrets: readonly (string | undefined)[], depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value, secrets);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= MAX_DEPTH) return '[too deeply nested]';
  if (Array.isArray(value)) return value.map((item) => redactSecretsDeep(item, secrets, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [redactSecrets(key, secrets), redactSecretsDeep(item, secrets, depth + 1)]),
  );
}
