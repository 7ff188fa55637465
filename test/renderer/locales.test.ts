import { describe, expect, it } from 'vitest';
import { resources } from './all-locales';
import { UI_LANGUAGES } from '../../src/shared/settings';

type Tree = { [key: string]: string | Tree };

/** Every string of a resource tree by its dotted key. */
function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') entries.set(`${prefix}${key}`, value);
    else for (const [inner, text] of flatten(value, `${prefix}${key}.`)) entries.set(inner, text);
  }
  return entries;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string): string[] => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1] ?? '').sort();

/** The keys a language must have: English's, with each plural expanded to the language's own categories. */
function expectedKeys(language: string, english: Map<string, string>): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of english) {
    if (!PLURAL.test(key)) expected.set(key, text);
    else if (key.endsWith('_other')) for (const category of categories) expected.set(key.replace(PLURAL, `_${category}`), text);
  }
  return expected;
}

describe('the UI languages', () => {
  const english = flatten(resources.en.translation as Tree);

  it.each(UI_LANGUAGES.filter((language) => language !== 'en'))('%s has every string of English, with the same placeholders', (language) => {
    const translated = flatten(resources[language].translation as Tree);
    const expected = expectedKeys(language, english);
    expect([...translated.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [key, englishText] of expected) {
      expect(placeholders(translated.get(key) ?? ''), `${language}: ${key}`).toEqual(placeholders(englishText));
    }
  });

  it('translates rather than copies: nearly every string differs from English', () => {
    for (const language of UI_LANGUAGES.filter((candidate) => candidate !== 'en')) {
      const translated = flatten(resources[language].translation as Tree);
      // Names, formats and bare placeholders ("Trove", "SRT", "{{size}}") read the same everywhere.
      const copied = [...translated].filter(([key, text]) => english.get(key) === text);
      expect(copied.length / translated.size, `${language}: ${copied.map(([key]) => key).join(', ')}`).toBeLessThan(0.06);
    }
  });

  it('words error codes so they read right beside the code as well as under it (the queue row puts it first)', () => {
    const nextSteps = [...english].filter(([key]) => key.startsWith('errors.codes.'));
    expect(nextSteps.length).toBeGreaterThan(10);
    for (const [key, text] of nextSteps) expect(text, key).not.toMatch(/\b(below|above)\b/i);
  });
});
