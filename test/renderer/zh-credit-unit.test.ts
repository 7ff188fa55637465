import { describe, expect, it } from 'vitest';
import { resources } from './all-locales';

type Tree = { [key: string]: string | Tree };
const strings = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : strings(value)));

/*
 * The header said "9,999 点" while the credits chart, its total and the prices said 积分:
 * two words for one unit. Chinese says 点 (点数 as a noun) everywhere.
 */
describe('the Chinese UI', () => {
  it('names credits with one word: 点, never 积分', () => {
    const zh = strings(resources.zh.translation as Tree);
    expect(zh.filter((text) => text.includes('积分'))).toEqual([]);
    expect(zh.filter((text) => text.includes('{{credits}} 点') || text.includes('{{value}} 点')).length).toBeGreaterThan(3);
  });
});
