import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecretsDeep } from '../../../src/core/secrets/redact-secrets';

describe('redactSecretsDeep', () => {
  it('redacts strings and keys at every level, and leaves other values alone', () => {
    const redacted = redactSecretsDeep({ a: ['x sk-1 y', 2, null, true], 'sk-1': { b: 'sk-1' } }, ['sk-1']);
    expect(redacted).toEqual({ a: [`x ${REDACTED} y`, 2, null, true], [REDACTED]: { b: REDACTED } });
  });

  it('cuts a structure nested deeper than it walks, so nothing below can slip through', () => {
    let deep: unknown = 'sk-1';
    for (let level = 0; level < 10_000; level++) deep = [deep];
    expect(JSON.stringify(redactSecretsDeep(deep, ['sk-1']))).not.toContain('sk-1');
  });
});
