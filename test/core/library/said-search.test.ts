import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LibraryStore } from '../../../src/core/library';
import { createLibraryStore } from '../../../src/core/library';
import type { SaidMoment } from '../../../src/shared/said';
import { videoPost } from './post-fixtures';
import type { TempLibrary } from './temp-library';
import { stepClock, tempLibrary } from './temp-library';
import { unwrap } from './unwrap';

let temp: TempLibrary;
let library: LibraryStore;

const srt = (...cues: string[]): string =>
  cues.map((text, index) => `${index + 1}\n00:00:${String(index * 2).padStart(2, '0')},000 --> 00:00:${String(index * 2 + 1).padStart(2, '0')},500\n${text}\n`).join('\n');

/** Saves a subtitle file beside the post's video and records it, as a download does. */
function saveTrack(postId: number, language: string, body: string, format: 'srt' | 'vtt' = 'srt', name = `${postId}.${language}.${format}`) {
  const path = join(temp.dir, name);
  writeFileSync(path, body);
  return unwrap(library.addSubtitle({ postId, path, size: body.length, languageTag: language, languageName: language, format }));
}

const said = (query: string) => unwrap(library.searchSaid({ query }));
const texts = (query: string) => said(query).moments.map((moment) => moment.text);
/** The marked parts of a moment's text. */
const marked = (moment: SaidMoment | undefined) => moment?.marks.map((mark) => moment.text.slice(mark.start, mark.end));

beforeEach(() => {
  temp = tempLibrary();
  library = createLibraryStore(temp.db, { now: stepClock() });
  unwrap(library.upsertPosts([{ post: videoPost('en') }, { post: videoPost('es') }, { post: videoPost('zh') }, { post: videoPost('ja') }]));
});
afterEach(() => temp.cleanup());

describe('what was said', () => {
  it('finds English words in any order, the last one as typed so far, with the time and the match marked', () => {
    saveTrack(1, 'en', srt('Welcome back to the channel', 'Today we bake sourdough bread', 'The bread needs a long rest'));
    const result = said('bread sourd');
    expect(result).toMatchObject({ total: 1, videos: 1, capped: false });
    expect(result.moments[0]).toMatchObject({
      postId: 1,
      link: 'https://video.example/watch/en',
      caption: 'Video en',
      language: 'en',
      startMs: 2000,
      endMs: 3500,
      text: 'Today we bake sourdough bread',
    });
    expect(marked(result.moments[0])).toEqual(['sourdough', 'bread']);
    expect(texts('bread')).toHaveLength(2);
    // a finished word is not a prefix: "res " does not find "rest"
    expect(texts('res ')).toEqual([]);
    // nor are one or two letters, which would match most of a large library
    expect(texts('ba')).toEqual([]);
    expect(texts('bak')).toEqual(['Today we bake sourdough bread']);
  });

  it('folds accents and case both ways, as the post search does', () => {
    saveTrack(2, 'es', srt('¿Qué está pasando en la ciudad?', 'Mañana iremos al café'));
    expect(texts('esta pasando')).toEqual(['¿Qué está pasando en la ciudad?']);
    expect(texts('MANANA cafe')).toEqual(['Mañana iremos al café']);
    expect(texts('qué')).toHaveLength(1);
    expect(marked(said('manana cafe').moments[0])).toEqual(['Mañana', 'café']);
  });

  it('finds any two or more Chinese characters, also across a line break in the cue', () => {
    saveTrack(3, 'zh', srt('今天天气很好', '我们去\n公园散步吧'));
    expect(texts('天气')).toEqual(['今天天气很好']);
    expect(texts('天气很好')).toEqual(['今天天气很好']);
    expect(texts('气很')).toEqual(['今天天气很好']);
    expect(texts('去公园')).toEqual(['我们去\n公园散步吧']);
    expect(marked(said('去公园').moments[0])).toEqual(['去\n公园']);
    expect(texts('天晴')).toEqual([]);
    // a single character is the start of a pair
    expect(texts('散')).toEqual(['我们去\n公园散步吧']);
  });

  it('finds Japanese across scripts, and half-width kana as full-width', () => {
    saveTrack(4, 'ja', srt('東京に行きます', 'ｺｰﾋｰを飲みましょう'));
    expect(texts('行きます')).toEqual(['東京に行きます']);
    expect(texts('京に')).toEqual(['東京に行きます']);
    expect(texts('コーヒー')).toEqual(['ｺｰﾋｰを飲みましょう']);
    expect(marked(said('コーヒー').moments[0])).toEqual(['ｺｰﾋｰ']);
  });

  it('finds a word hyphenated across a line break, and words across lines as a phrase', () => {
    saveTrack(1, 'en', srt('It was an extraordi-\nnary day', 'see you\nsoon'));
    expect(texts('extraordinary')).toEqual(['It was an extraordi-\nnary day']);
    expect(texts('you soon')).toEqual(['see you\nsoon']);
  });

  it('ignores cue markup: styling, ASS overrides, karaoke timestamps and ruby readings', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:01.000 --> 00:00:02.000',
      '<i>Be</i><b>autiful</b> {\\an8}<c.yellow>sunset</c>',
      '',
      '00:00:03.000 --> 00:00:04.000',
      '<ruby>漢字<rt>かんじ</rt></ruby>を<00:00:03.500>読む',
      '',
    ].join('\n');
    saveTrack(4, 'ja', vtt, 'vtt');
    expect(texts('beautiful sunset')).toEqual(['Beautiful sunset']);
    expect(texts('漢字を読む')).toEqual(['漢字を読む']);
    expect(texts('かんじ')).toEqual([]);
    expect(texts('an8')).toEqual([]);
  });

  it('counts the videos, and ranks the closer match first', () => {
    saveTrack(1, 'en', srt('the old lighthouse keeper', 'a lighthouse'));
    saveTrack(2, 'en', srt('lighthouse lighthouse lighthouse'));
    const result = said('lighthouse');
    expect(result).toMatchObject({ total: 3, videos: 2 });
    expect(result.moments[0]?.text).toBe('lighthouse lighthouse lighthouse');
  });

  it('replaces the cues of a track saved again, and forgets a removed track', () => {
    const first = saveTrack(1, 'en', srt('the first version'));
    saveTrack(1, 'fr', srt('la première version'));
    expect(texts('version')).toHaveLength(2);

    saveTrack(1, 'en', srt('the second version'));
    expect(texts('first')).toEqual([]);
    expect(texts('second')).toEqual(['the second version']);

    const removed = unwrap(library.removeSubtitle(first.fileId));
    expect(removed).toMatchObject({ postId: 1, languageTag: 'en' });
    expect(texts('version')).toEqual(['la première version']);
    expect(library.removeSubtitle(first.fileId)).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(temp.db.prepare('SELECT count(*) FROM cues').pluck().get()).toBe(1);
  });

  it('forgets the cues of a removed post', async () => {
    saveTrack(1, 'en', srt('goodbye forever'));
    saveTrack(2, 'es', srt('adiós para siempre'));
    unwrap(await library.removePost({ id: 1, deleteFiles: false }));
    expect(texts('goodbye')).toEqual([]);
    expect(texts('adios')).toHaveLength(1);
    expect(temp.db.prepare('SELECT count(*) FROM cues').pluck().get()).toBe(1);
    // the contentless index holds no stale rows either
    expect(temp.db.prepare("SELECT count(*) FROM cues_fts WHERE cues_fts MATCH 'goodbye'").pluck().get()).toBe(0);
  });

  it('records a track whose file cannot be read, without cues', () => {
    const record = unwrap(library.addSubtitle({ postId: 1, path: join(temp.dir, 'gone.srt'), size: 1, languageTag: 'en', format: 'srt' }));
    expect(record.languageTag).toBe('en');
    expect(temp.db.prepare('SELECT count(*) FROM cues').pluck().get()).toBe(0);
  });

  it('treats FTS5 syntax as plain words and pages the moments', () => {
    saveTrack(1, 'en', srt('AND "quoted" NEAR(x) * - ^ : end', 'one', 'one more', 'one again'));
    expect(texts('"quoted" NEAR( *')).toHaveLength(1);
    expect(said('   ?!  ')).toEqual({ moments: [], total: 0, videos: 0, capped: false });
    const page = unwrap(library.searchSaid({ query: 'one', limit: 2, offset: 2 }));
    expect(page.total).toBe(3);
    expect(page.moments).toHaveLength(1);
    expect(library.searchSaid({ query: '' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});
