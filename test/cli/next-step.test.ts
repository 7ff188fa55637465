import { describe, expect, it } from 'vitest';
import { nextStep } from '../../src/cli/next-step';

describe('nextStep', () => {
  it('names the command to type when the fix is a CLI command', () => {
    const engineAdvice = { nextStep: 'Set a valid API key in Settings.' };
    expect(nextStep({ code: 'unauthorized', detail: engineAdvice })).toContain('trove key set');
    expect(nextStep({ code: 'out_of_credits' })).toContain('trove queue resume');
  });

  it("takes the engine's next step for everything else", () => {
    expect(nextStep({ code: 'private_content', detail: { status: 400, nextStep: 'Only public content can be downloaded.' } })).toBe(
      'Only public content can be downloaded.',
    );
  });

  it('falls back on whether the service code is retryable, and says nothing about unknown codes', () => {
    expect(nextStep({ code: 'content_deleted' })).toContain('retrying will not help');
    expect(nextStep({ code: 'timeout', detail: { nextStep: '' } })).toContain('may work later');
    expect(nextStep({ code: 'no_such_thing', detail: 'not an object' })).toBeUndefined();
  });
});
