import type { SeededRandom } from './seeded-random';

/*
 * Links a user (or a page, or the clipboard) might hand Trove: empty and blank ones,
 * other schemes, internationalized and look-alike hosts, huge strings, control and
 * invisible characters, several links at once, credentials, odd ports and paths. Each
 * comes with its category, so a failure says which kind of input broke.
 */

export interface HostileLink {
  category: string;
  link: string;
}

const VALID = [
  'https://video.example/watch/abc',
  'https://photos.example/p/x1',
  'https://files.example/f/f1',
  'https://video.example/@someone-1',
  'https://music.example/t/t1',
];

const SCHEMES = ['ftp', 'file', 'javascript', 'data', 'mailto', 'about', 'chrome', 'ws', 'wss', 'blob', 'view-source', 'vbscript', 'gopher', 'ssh', 'tel', 'intent', 'jar', 'HTTPS', 'hTtP', 'http+unix'];

const CONTROL = [
  ...Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)),
  '\u007f',
  '\u0085',
  '\u009f',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202e',
  '\u2066',
  '\u2069',
  '\u2028',
  '\u2029',
  '\ufeff',
  '\u00ad',
  '\ud800',
  '\udfff',
  '\ufffe',
  '\uffff',
];

/** Characters that look like Latin letters or URL punctuation but are not. */
const LOOK_ALIKES: ReadonlyArray<readonly [string, string]> = [
  ['a', '\u0430'], // Cyrillic a
  ['e', '\u0435'],
  ['o', '\u043e'],
  ['i', '\u0456'],
  ['p', '\u0440'],
  ['c', '\u0441'],
  ['x', '\u0445'],
  ['/', '\u2215'], // division slash
  ['/', '\u2044'], // fraction slash
  ['/', '\uff0f'], // fullwidth solidus
  ['.', '\u3002'], // ideographic full stop (a dot to IDNA)
  ['.', '\uff0e'],
  [':', '\uff1a'],
  [':', '\u2236'],
  ['h', '\uff48'],
  ['t', '\uff54'],
  ['s', '\uff53'],
];

const IDN_HOSTS = [
  '例え.テスト',
  'bücher.example',
  'xn--bcher-kva.example',
  'пример.испытание',
  'مثال.إختبار',
  'उदाहरण.परीक्षा',
  '😀.example',
  'xn--.example',
  'xn--zz.example',
  'ex\u00e4mple.com',
  'EXAMPLE.COM',
  'video.example.',
  'video..example',
  '-video.example',
  'video-.example',
  'a'.repeat(64) + '.example',
  `${'a.'.repeat(130)}example`,
  '127.0.0.1',
  '[::1]',
  '[fe80::1%25eth0]',
  '0x7f.1',
  '2130706433',
  'localhost',
  '169.254.169.254',
];

const ODD = [
  '',
  ' ',
  '\t',
  '\n',
  '   \n\t  ',
  'https://',
  'https:',
  'https:/video.example/watch/a',
  'https:///watch/a',
  '//video.example/watch/a',
  'video.example/watch/a',
  'www.video.example/watch/a',
  'https://user:pass@video.example/watch/a',
  'https://user@video.example/watch/a',
  'https://:@video.example/watch/a',
  'https://video.example:0/watch/a',
  'https://video.example:65536/watch/a',
  'https://video.example:-1/watch/a',
  'https://video.example:99999999999/watch/a',
  'https://video.example/watch/a#frag',
  'https://video.example/watch/%2e%2e/%2e%2e/etc/passwd',
  'https://video.example/watch/../../../etc/passwd',
  'https://video.example/watch/a?x=<script>alert(1)</script>',
  "https://video.example/watch/a'; DROP TABLE posts;--",
  'https://video.example/watch/a"onmouseover="alert(1)',
  'https://video.example/watch/%00',
  'https://video.example/watch/%ZZ',
  'https://video.example/%',
  'https://video.example\\watch\\a',
  'https://video.example/watch/a https://video.example/watch/b',
  'https://video.example/watch/a,https://video.example/watch/b',
  '<https://video.example/watch/a>',
  '"https://video.example/watch/a"',
  '[link](https://video.example/watch/a)',
  'https://video.example/watch/a\nhttps://video.example/watch/b',
  'null',
  'undefined',
  '{}',
  '[]',
  '{"url":"https://video.example/watch/a"}',
  '__proto__',
  'constructor',
  'https://error.example/invalid_url',
  'https://error.example/private_content',
  'https://unknown.example/anything',
  'http://video.example/watch/plain-http',
];

/** At least `count` links, every category represented, deterministic for a seed. */
export function hostileLinks(count: number, random: SeededRandom): HostileLink[] {
  const links: HostileLink[] = [];
  const valid = (): string => random.pick(VALID);
  for (const link of ODD) links.push({ category: 'odd shape', link });
  for (const scheme of SCHEMES) {
    links.push({ category: 'other scheme', link: `${scheme}:${valid().replace(/^https:/u, '')}` });
    links.push({ category: 'other scheme', link: `${scheme}://video.example/watch/a` });
  }
  for (const host of IDN_HOSTS) {
    links.push({ category: 'idn or odd host', link: `https://${host}/watch/a` });
    links.push({ category: 'idn or odd host', link: `http://${host}` });
  }
  for (const char of CONTROL) {
    const base = valid();
    const at = random.int(0, base.length);
    links.push({ category: 'control or invisible character', link: `${base.slice(0, at)}${char}${base.slice(at)}` });
    links.push({ category: 'control or invisible character', link: `${char}${base}` });
  }
  for (const [plain, lookAlike] of LOOK_ALIKES) {
    const base = valid();
    links.push({ category: 'look-alike', link: base.replace(plain, lookAlike) });
    links.push({ category: 'look-alike', link: base.replaceAll(plain, lookAlike) });
  }
  for (const size of [4_096, 4_097, 10_000, 10_240, 100_000]) {
    links.push({ category: 'huge', link: `https://video.example/watch/${'a'.repeat(size)}` });
    links.push({ category: 'huge', link: `https://${'a'.repeat(size)}.example/watch/a` });
    links.push({ category: 'huge', link: 'x'.repeat(size) });
  }
  // Random mixtures until the count is reached: a valid link with pieces of the above spliced in.
  const pieces = [...CONTROL, ...LOOK_ALIKES.map(([, lookAlike]) => lookAlike), ' ', '%', '#', '?', '@', ':', '/', '\\', '..', '\u0000', '😀', 'ß', 'İ'];
  while (links.length < count) {
    let link = valid();
    for (let edits = random.int(1, 4); edits > 0; edits--) {
      const at = random.int(0, link.length);
      const cut = random.int(0, 2);
      link = `${link.slice(0, at)}${random.pick(pieces)}${link.slice(at + cut)}`;
    }
    if (random.next() < 0.2) link = `${random.pick([' ', '\t', '\n', ''])}${link}${random.pick([' ', '\n', '', '/'])}`;
    links.push({ category: 'mutated', link });
  }
  return links;
}
