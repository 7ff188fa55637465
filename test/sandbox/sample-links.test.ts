import { describe, expect, it } from 'vitest';
import { SANDBOX_SAMPLE_LINKS } from '../../src/shared/sandbox-samples';
import { extract } from './helpers/api';
import { useSandbox } from './helpers/sandbox';

/* The links the UI offers in sandbox mode must be ones the sandbox answers. */

const sandbox = useSandbox();

describe('the sample links offered in sandbox mode', () => {
  it.each(SANDBOX_SAMPLE_LINKS.map((sample) => [sample.kind, sample.url]))('%s (%s) is answered by the sandbox', async (kind, url) => {
    const response = await extract(sandbox(), 'v1', kind === 'profile' ? 'playlist' : 'post', { url });
    expect(response.status, JSON.stringify(response.json)).toBe(200);
  });
});
