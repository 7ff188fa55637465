import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };
import { minimumNode, nodeIsRecentEnough } from '../../../src/core/diagnostics/node-requirement';

describe('the Node.js requirement', () => {
  it('is read from package.json engines', () => {
    expect(`>=${minimumNode().text}`).toBe(packageJson.engines.node.replace(/\s/g, ''));
    expect(minimumNode('>=22.14')).toEqual({ text: '22.14', parts: [22, 14] });
    expect(() => minimumNode('^22')).toThrow(/engines\.node/);
  });

  it('compares versions part by part, not as text', () => {
    const minimum = [22, 14];
    expect(nodeIsRecentEnough('22.14.0', minimum)).toBe(true);
    expect(nodeIsRecentEnough('v22.23.3', minimum)).toBe(true);
    expect(nodeIsRecentEnough('24.0.0', minimum)).toBe(true);
    expect(nodeIsRecentEnough('22.9.0', minimum)).toBe(false);
    expect(nodeIsRecentEnough('20.20.0', minimum)).toBe(false);
    expect(nodeIsRecentEnough('3.0.0', minimum)).toBe(false);
  });
});
