import { describe, expect, it } from 'vitest';
import { ALL_SELECTED, NOTHING_SELECTED, isAllSelected, selectedKeys, toggled } from '../../src/renderer/src/grab/page-selection';

const page = (index: number, size: number): string[] => Array.from({ length: size }, (_, post) => `${index}:${post}`);

describe('selecting posts across loaded pages', () => {
  it('Select all, then Load more: the new page comes in selected (30 of 30)', () => {
    const first = page(0, 20);
    expect(selectedKeys(ALL_SELECTED, first)).toHaveLength(20);
    const both = [...first, ...page(1, 10)];
    expect(selectedKeys(ALL_SELECTED, both)).toEqual(both);
    expect(isAllSelected(ALL_SELECTED)).toBe(true);
  });

  it('a post unticked after Select all stays unticked; the pages loaded next still come in selected', () => {
    const unticked = toggled(ALL_SELECTED, '0:3', false);
    expect(isAllSelected(unticked)).toBe(false);
    const both = [...page(0, 20), ...page(1, 10)];
    expect(selectedKeys(unticked, both)).toHaveLength(29);
    expect(selectedKeys(unticked, both)).not.toContain('0:3');
    expect(selectedKeys(toggled(unticked, '0:3', true), both)).toHaveLength(30);
  });

  it('posts ticked one by one are just those: a page loaded next is not selected', () => {
    const some = toggled(toggled(NOTHING_SELECTED, '0:1', true), '0:2', true);
    expect(selectedKeys(some, [...page(0, 20), ...page(1, 10)])).toEqual(['0:1', '0:2']);
    expect(selectedKeys(toggled(some, '0:1', false), page(0, 20))).toEqual(['0:2']);
  });
});
