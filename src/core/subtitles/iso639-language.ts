/*
 * Containers label a track's language with ISO 639-2 (three letters); the service gives
 * BCP 47 tags (`en-US`, `pt-BR`, `zh-Hans`). The primary subtag is mapped with this table,
 * using the bibliographic (B) codes ffmpeg writes; a three-letter primary subtag is
 * already ISO 639-2/3; anything else is `und` (undetermined).
 */
const ISO_639_2B: Readonly<Record<string, string>> = {
  ar: 'ara',
  bg: 'bul',
  bn: 'ben',
  ca: 'cat',
  cs: 'cze',
  da: 'dan',
  de: 'ger',
  el: 'gre',
  en: 'eng',
  es: 'spa',
  et: 'est',
  fa: 'per',
  fi: 'fin',
  fr: 'fre',
  he: 'heb',
  hi: 'hin',
  hr: 'hrv',
  hu: 'hun',
  id: 'ind',
  it: 'ita',
  ja: 'jpn',
  ko: 'kor',
  lt: 'lit',
  lv: 'lav',
  ms: 'may',
  nb: 'nob',
  nl: 'dut',
  no: 'nor',
  pl: 'pol',
  pt: 'por',
  ro: 'rum',
  ru: 'rus',
  sk: 'slo',
  sl: 'slv',
  sr: 'srp',
  sv: 'swe',
  ta: 'tam',
  th: 'tha',
  tl: 'tgl',
  tr: 'tur',
  uk: 'ukr',
  ur: 'urd',
  vi: 'vie',
  zh: 'chi',
};

export function iso639Language(languageTag: string): string {
  const primary = (languageTag.trim().split(/[-_]/)[0] ?? '').toLowerCase();
  if (/^[a-z]{3}$/.test(primary)) return primary;
  return ISO_639_2B[primary] ?? 'und';
}
