import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveInside } from '../../../src/core/files/resolve-inside';
import { MAX_FILE_NAME_BYTES, sanitizeFileName, truncateToBytes } from '../../../src/core/files/sanitize-file-name';
import { portabilityProblems } from './portable-name';

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

describe('sanitizeFileName', () => {
  it.each([
    ['../../x', '_.._x'],
    ['CON', 'CON_'],
    ['con.txt', 'con_.txt'],
    ['COM1', 'COM1_'],
    ['LPT9.mp4', 'LPT9_.mp4'],
    ['a/b\\c', 'a_b_c'],
    ['what? a*b: "c" <d>|e', 'what_ a_b_ _c_ _d_e'],
    ['trailing dots...', 'trailing dots'],
    ['  spaced   out  ', 'spaced out'],
    ['.hidden', 'hidden'],
    ['line\nbreak\ttab', 'line break tab'],
    ['\u202eevil\u202dgpj.exe', 'evilgpj.exe'],
    ['zero\u200bwidth\ufeff', 'zerowidth'],
    ['e\u0301', '\u00e9'],
  ])('%j → %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('keeps emoji, including joined sequences', () => {
    const family = '👨\u200d👩\u200d👧';
    expect(sanitizeFileName(`party ${family} 🎉.mp4`)).toBe(`party ${family} 🎉.mp4`);
  });

  it('never returns an empty name', () => {
    expect(sanitizeFileName('')).toBe('untitled');
    expect(sanitizeFileName('   ')).toBe('untitled');
    expect(sanitizeFileName('\u202e\u200f')).toBe('untitled');
    expect(sanitizeFileName('', { fallback: 'abc123' })).toBe('abc123');
    expect(sanitizeFileName('///.mp4', { fallback: 'abc123' })).toBe('abc123.mp4');
    expect(sanitizeFileName('...', { fallback: '..' })).toBe('untitled');
  });

  it('caps 300 CJK characters at 200 bytes without splitting one, keeping the extension', () => {
    const title = '漢'.repeat(300);
    const name = sanitizeFileName(`${title}.mp4`);
    expect(bytes(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name.endsWith('.mp4')).toBe(true);
    // 3 bytes each: 65 characters fit in 196 bytes next to ".mp4".
    expect(name).toBe(`${'漢'.repeat(65)}.mp4`);
  });

  it('never splits a grapheme when truncating', () => {
    const flag = '🇯🇵'; // two code points, 8 bytes, one grapheme
    expect(truncateToBytes(flag.repeat(3), 12)).toBe(flag);
    expect(truncateToBytes('ab', 1)).toBe('a');
    const name = sanitizeFileName(flag.repeat(100));
    expect(bytes(name)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(name).toBe(flag.repeat(25));
  });

  it('does not let truncation leave a trailing dot or space', () => {
    const name = sanitizeFileName(`${'a'.repeat(198)} .b c`, { maxBytes: 200 });
    expect(portabilityProblems(name)).toEqual([]);
  });
});

describe('resolveInside', () => {
  it('resolves a plain name to a direct child', () => {
    const result = resolveInside('/downloads', 'clip.mp4', path.posix);
    expect(result).toEqual({ ok: true, value: '/downloads/clip.mp4' });
  });

  it.each(['../x', '..', '.', '', 'a/b', '/etc/passwd'])('refuses %j on POSIX', (name) => {
    const result = resolveInside('/downloads', name, path.posix);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('path_outside_folder');
  });

  it.each(['..\\x', 'a\\b', 'C:evil', 'C:\\evil', '\\\\server\\share'])('refuses %j on Windows', (name) => {
    expect(resolveInside('C:\\Downloads', name, path.win32).ok).toBe(false);
  });
});

/** A seeded generator of hostile titles: every run tests the same 1,000 names. */
function hostileTitles(count: number, seed = 42): string[] {
  let state = seed;
  const random = (): number => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pieces = [
    '../', '..\\', '/', '\\', ':', '*', '?', '"', '<', '>', '|', '.', ' ', '. ', '\u0000', '\u0007', '\n', '\t', '\r',
    '\u202e', '\u202d', '\u2066', '\u200f', '\u200e', '\u061c', '\u200b', '\ufeff', '\u200d', '\ud800', '\udc00',
    'CON', 'con', 'PRN', 'AUX', 'NUL', 'COM1', 'LPT9', 'COM¹', 'CONIN$', 'con.txt', 'nul.tar.gz',
    '漢字', '日本語のタイトル', 'عربي', 'עברית', '🎉', '👨\u200d👩\u200d👧', '🇯🇵', 'e\u0301', 'Ω', 'ﬁ',
    'title', 'a', '-', '_', '[id]', '{caption}', '%s', '$HOME', '~', '#', 'ab'.repeat(40), '界'.repeat(90),
  ];
  return Array.from({ length: count }, () => {
    const length = Math.floor(random() * 12);
    let title = '';
    for (let i = 0; i < length; i++) title += pieces[Math.floor(random() * pieces.length)] ?? '';
    return random() < 0.3 ? `${title}.mp4` : title;
  });
}

describe('sanitizeFileName over 1,000 hostile titles', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'trove-names-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('gives names valid on Windows, macOS and Linux that stay inside the folder', async () => {
    const titles = hostileTitles(1000);
    const failures: Array<{ title: string; name: string; problems: string[] }> = [];
    for (const title of titles) {
      const name = sanitizeFileName(title, { fallback: 'abc' });
      const problems = portabilityProblems(name);
      if (!resolveInside('/downloads', name, path.posix).ok) problems.push('escapes on POSIX');
      if (!resolveInside('C:\\Downloads', name, path.win32).ok) problems.push('escapes on Windows');
      if (sanitizeFileName(name) !== name) problems.push('not stable when sanitized again');
      if (problems.length > 0) failures.push({ title, name, problems });
    }
    expect(failures).toEqual([]);
  });

  it('gives names this file system accepts as written', async () => {
    const names = [...new Set(hostileTitles(1000).map((title) => sanitizeFileName(title)))];
    for (const name of names) {
      const target = resolveInside(folder, name);
      expect(target.ok).toBe(true);
      if (target.ok) await writeFile(target.value, '');
    }
    expect((await readdir(folder)).sort()).toEqual(names.sort());
  });
});
