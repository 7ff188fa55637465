import { describe, expect, it } from 'vitest';
import { commands, events } from '../../src/shared/contract';
import { COMMAND_NAMES, EVENT_NAMES, isCommandName, isEventName } from '../../src/shared/contract-names';

/* The preload lists the names without the schemas: both lists must be the contract's, exactly. */
describe('contract names', () => {
  it('are the commands and events the contract declares schemas for, no more, no fewer', () => {
    expect([...COMMAND_NAMES].sort()).toEqual(Object.keys(commands).sort());
    expect([...EVENT_NAMES].sort()).toEqual(Object.keys(events).sort());
    expect(new Set(COMMAND_NAMES).size).toBe(COMMAND_NAMES.length);
    expect(new Set(EVENT_NAMES).size).toBe(EVENT_NAMES.length);
  });

  it('recognise only those names', () => {
    expect(isCommandName('jobs.add')).toBe(true);
    expect(isCommandName('job.updated')).toBe(false);
    expect(isCommandName('toString')).toBe(false);
    expect(isEventName('job.updated')).toBe(true);
    expect(isEventName('jobs.add')).toBe(false);
    expect(isEventName('hasOwnProperty')).toBe(false);
    expect(isEventName(42)).toBe(false);
  });
});
