import type { SeededRandom } from './seeded-random';

/*
 * Text a hostile or careless service can put where file names come from (titles, authors,
 * ids, sites, labels, extensions): path tricks, reserved names and characters of every
 * desktop OS, control and bidi characters, odd Unicode, and sheer length.
 */

const SEEDS = [
  '../../etc/passwd',
  '..\\..\\Windows\\System32\\drivers\\etc\\hosts',
  '/etc/passwd',
  '/',
  '\\',
  'C:\\Windows\\win.ini',
  'C:',
  'c:file',
  '\\\\server\\share\\x',
  '\\\\?\\C:\\x',
  '\\\\.\\COM1',
  '~/.ssh/id_rsa',
  '$HOME',
  '%APPDATA%',
  '$(rm -rf ~)',
  '`reboot`',
  '; rm -rf /',
  '.',
  '..',
  '...',
  '. .',
  '.bashrc',
  '.hidden.',
  'name.',
  'name ',
  'name. . .',
  ' ',
  '',
  '\t\n\r',
  'CON',
  'con.mp4',
  'PRN',
  'AUX.txt',
  'NUL',
  'nul.tar.gz',
  'COM1',
  'COM9.mp4',
  'LPT1',
  'COM¹',
  'LPT³.x',
  'CONIN$',
  'CONOUT$.txt',
  'Con ',
  'PROGRA~1',
  'file.txt::$DATA',
  'video.mp4:Zone.Identifier',
  'a<b>c:d"e/f\\g|h?i*j',
  '<>:"/\\|?*',
  '\u0000',
  'before\u0000after',
  'tab\there',
  'line\nbreak',
  'carriage\rreturn',
  'bell\u0007',
  'escape\u001b[31mred',
  'del\u007f',
  'c1\u0085\u009b',
  'gnp.exe\u202emp4',
  '\u202eevil',
  '\u2066isolate\u2069',
  'zero\u200bwidth\u200c\u200d',
  '\ufeffbom',
  'soft\u00adhyphen',
  'lone \ud800 high',
  'lone \udfff low',
  '\ud83d',
  'emoji 😀🎬👩‍👩‍👧‍👦',
  '🇺🇳🏳️‍🌈',
  'Z̷̢̛̛a̶͇͛l̸̰̇g̵̗̓o̶̗͐',
  'e\u0301\u0301\u0301\u0301\u0301',
  'Cafe\u0301 (NFD)',
  'ＦＵＬＬ／ＷＩＤＴＨ',
  'division∕slash',
  'fraction⁄slash',
  'ＣＯＮ',
  'שלום עולם',
  'مرحبا بالعالم',
  '日本語のタイトル',
  '한국어 제목',
  'Ελληνικά',
  'ß ẞ İ ı ǅ',
  '%2e%2e%2f%2e%2e%2fetc',
  '..%2f..%2f',
  'file:///etc/passwd',
  'http://evil.example/x',
  'name.part',
  'name.part.json',
  'x.merging-1-abcdef12.mp4',
  '#hash?query&amp;',
  '"quoted"',
  "'single'",
  '{author} {caption} {ext}',
  '{{}}',
  '\uE000private\uE001use',
];

/** `count` texts: the seeds, then random mixtures and long runs of them. */
export function hostileTitles(count: number, random: SeededRandom): string[] {
  const titles = [...SEEDS];
  for (const size of [100, 200, 201, 255, 256, 1_000, 10_000]) {
    titles.push('x'.repeat(size), '日'.repeat(size), '😀'.repeat(size), `${'a'.repeat(size)}.mp4`, `${'../'.repeat(size / 3)}x`);
  }
  while (titles.length < count) {
    const parts = Array.from({ length: random.int(1, 5) }, () => random.pick(SEEDS));
    const joined = parts.join(random.pick(['', ' ', '/', '\\', '.', '-', '\u0000', '\n']));
    titles.push(random.next() < 0.1 ? joined.repeat(random.int(10, 200)) : joined);
  }
  return titles;
}
