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
