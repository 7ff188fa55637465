import { describe, expect, it } from 'vitest';
import { nextStep } from '../../src/cli/next-step';

describe('nextStep', () => {
  it('names the command to type when the fix is a CLI command', () => {
    expect(nextStep({ code: 'unauthorized' })).toContain('trove key set');
    expect(nextStep({ code: 'out_of_credits' })).toContain('trove queue resume');
    expect(nextStep({ code: 'disk_full' })).toContain('trove queue retry');
  });

  it("words the service's codes itself (the engine writes no advice)", () => {
    expect(nextStep({ code: 'private_content' })).toBe('Only public content can be downloaded.');
    expect(nextStep({ code: 'content_deleted' })).toContain('nothing can be downloaded');
    expect(nextStep({ code: 'age_restricted' })).toContain('retrying will not help');
    expect(nextStep({ code: 'timeout' })).toContain('may work later');
  });

  it('says nothing more where the message says it all', () => {
    expect(nextStep({ code: 'not_found' })).toBeUndefined();
    expect(nextStep({ code: 'canceled' })).toBeUndefined();
  });
});
