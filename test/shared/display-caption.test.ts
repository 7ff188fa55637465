import { describe, expect, it } from 'vitest';
import { displayCaption } from '../../src/shared/display-caption';

describe('displayCaption', () => {
  it('prefers the title, falls back to the text, else is empty', () => {
    expect(displayCaption({ title: 'A title', text: 'A body' })).toBe('A title');
    expect(displayCaption({ text: 'Only a body' })).toBe('Only a body');
    expect(displayCaption({})).toBe('');
  });

  it('shows an empty title as given rather than skipping it', () => {
    expect(displayCaption({ title: '', text: 'body' })).toBe('');
  });
});
