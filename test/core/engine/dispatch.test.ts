import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Harness } from './core-harness';
import { startHarness } from './core-harness';
import { createCore } from '../../../src/core';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

describe('Core.dispatch (untrusted input)', () => {
  it.each([
    ['an unknown command', 'jobs.explode', {}, 'unknown_command'],
    ['a prototype name as command', '__proto__', {}, 'unknown_command'],
    ['wrong types', 'jobs.pause', { ids: 'all' }, 'invalid_input'],
    ['extra fields', 'key.status', { extra: 1 }, 'invalid_input'],
    ['a prototype-pollution key', 'settings.update', JSON.parse('{"__proto__": {"polluted": true}}'), 'invalid_input'],
    ['a huge string', 'grab.resolve', { url: `https://video.example/${'x'.repeat(100_000)}` }, 'invalid_input'],
    ['a non-http link', 'grab.resolve', { url: 'javascript:alert(1)' }, 'invalid_link'],
    ['a bad setting', 'settings.update', { concurrency: -1 }, 'invalid_input'],
  ])('refuses %s with a validation error', async (_label, name, input, code) => {
    harness = await startHarness();
    const answer = await harness.core.dispatch(name as never, input);
    expect(answer).toMatchObject({ ok: false, error: { code } });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(harness.sandbox.stats().requests).toBe(0);
  });

  it('keeps a validation message short whatever the offending key (each issue at most 120 characters)', async () => {
    harness = await startHarness();
    const answer = await harness.core.dispatch('key.status', { ['k'.repeat(10_000)]: 1 });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    if (answer.ok) return;
    expect(answer.error.message).toMatch(/^input: .*kkkk…$/u);
    expect(answer.error.message.length).toBe(120);
  });

  it('creates a new data folder for its owner alone (0700)', async () => {
    const dataDir = join(await mkdtemp(join(tmpdir(), 'trove-fresh-')), 'data');
    const core = await createCore({ dataDir, env: {} });
    await core.close();
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
  });

  it('never lets the API key out in an error message', async () => {
    harness = await startHarness({ core: { env: { TROVE_API_KEY: 'unique-key-4c1d' } } });
    const answer = await harness.core.dispatch('grab.resolve', { url: 'https://video.example/watch/x' });
    expect(answer.ok).toBe(false); // the sandbox refuses this key
    expect(JSON.stringify(answer)).not.toContain('unique-key-4c1d');
    const status = await harness.core.dispatch('key.status', {});
    expect(status).toEqual({ ok: true, value: { isSet: true, source: 'environment' } });
  });
});
