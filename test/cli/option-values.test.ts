import { InvalidArgumentError } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseLanguageList, parseNonNegativeInteger, parsePort, parsePositiveInteger, parseQuality, parseServiceUrl } from '../../src/cli/option-values';

describe('option values', () => {
  it('parses quality words and heights', () => {
    expect(parseQuality('best')).toBe('best');
    expect(parseQuality('Original')).toBe('original');
    expect(parseQuality('1080')).toBe(1080);
    expect(parseQuality('720p')).toBe(720);
    for (const bad of ['100', '9000', 'hd', '']) expect(() => parseQuality(bad)).toThrow(InvalidArgumentError);
  });

  it('parses comma-separated language tags', () => {
    expect(parseLanguageList('en, pt-BR,,de')).toEqual(['en', 'pt-BR', 'de']);
    for (const bad of ['', ',', 'english please', 'e']) expect(() => parseLanguageList(bad)).toThrow(InvalidArgumentError);
  });

  it('parses whole numbers and ports', () => {
    expect(parsePositiveInteger('42')).toBe(42);
    for (const bad of ['0', '-1', '1.5', 'ten', '']) expect(() => parsePositiveInteger(bad)).toThrow(InvalidArgumentError);
    expect(parsePort('0')).toBe(0);
    expect(parsePort('65535')).toBe(65_535);
    expect(() => parsePort('65536')).toThrow(InvalidArgumentError);
  });

  it('parses offsets from 0, and says 0 is allowed when refusing one', () => {
    expect(parseNonNegativeInteger(' 0')).toBe(0);
    expect(parseNonNegativeInteger('7')).toBe(7);
    for (const bad of ['-1', '99999999999999999999', 'x']) expect(() => parseNonNegativeInteger(bad)).toThrow('Use a whole number of 0 or more.');
  });

  it('accepts only http and https service URLs', () => {
    expect(parseServiceUrl(' http://127.0.0.1:8787 ')).toBe('http://127.0.0.1:8787');
    expect(() => parseServiceUrl('ftp://example.com')).toThrow(InvalidArgumentError);
    expect(() => parseServiceUrl('not a url')).toThrow(InvalidArgumentError);
  });
});
