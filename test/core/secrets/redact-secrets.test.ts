import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../../../src/core/secrets/redact-secrets';

describe('redactSecrets', () => {
  it('replaces every occurrence of every secret, plain and URL-encoded', () => {
    const key = 'sk live/9+x';
    const text = `Authorization: Bearer ${key}; again ${key}; in a URL ?key=${encodeURIComponent(key)}; other s3cr3t`;
    const redacted = redactSecrets(text, [key, 's3cr3t']);
    expect(redacted).toBe(`Authorization: Bearer ${REDACTED}; again ${REDACTED}; in a URL ?key=${REDACTED}; other ${REDACTED}`);
  });

  it('leaves text alone when there is nothing to redact', () => {
    expect(redactSecrets('plain text', [undefined, ''])).toBe('plain text');
  });
});
