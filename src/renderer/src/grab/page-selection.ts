import { withMember } from '../state/with-member';

/**
 * Which loaded posts of a profile card are selected. "Select all" means every post loaded
 * now and every post of the pages loaded after it while it is on, minus the ones the user
 * unticks: after Select all and Load more, 30 of 30 are selected, not 20 of 30. Ticking
 * posts one by one (or Select none) is a plain set of those posts.
 */
export type PageSelection = { kind: 'all'; except: ReadonlySet<string> } | { kind: 'some'; picked: ReadonlySet<string> };

export const NOTHING_SELECTED: PageSelection = { kind: 'some', picked: new Set() };
export const ALL_SELECTED: PageSelection = { kind: 'all', except: new Set() };

export const isSelected = (selection: PageSelection, key: string): boolean =>
  selection.kind === 'all' ? !selection.except.has(key) : selection.picked.has(key);

/** The selected keys among those loaded, in their order. */
export const selectedKeys = (selection: PageSelection, loaded: readonly string[]): string[] => loaded.filter((key) => isSelected(selection, key));

/** True while Select all is on and nothing has been unticked: new pages come in selected. */
export const isAllSelected = (selection: PageSelection): boolean => selection.kind === 'all' && selection.except.size === 0;

export const toggled = (selection: PageSelection, key: string, on: boolean): PageSelection =>
  selection.kind === 'all' ? { kind: 'all', except: withMember(selection.except, key, !on) } : { kind: 'some', picked: withMember(selection.picked, key, on) };
