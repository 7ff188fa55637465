import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../src/cli/parse-args';
import type { ParseOutcome } from '../../src/cli/parse-args';

const run = (...argv: string[]): Extract<ParseOutcome, { kind: 'run' }> => {
  const outcome = parseArgs(argv, '1.2.3');
  if (outcome.kind !== 'run') throw new Error(`expected a command, got exit ${outcome.exitCode}: ${outcome.stderr}`);
  return outcome;
};
const exit = (...argv: string[]): Extract<ParseOutcome, { kind: 'exit' }> => {
  const outcome = parseArgs(argv, '1.2.3');
  if (outcome.kind !== 'exit') throw new Error(`expected an exit, got ${JSON.stringify(outcome.invocation)}`);
  return outcome;
};

describe('parseArgs', () => {
  it('maps get and its download options, resolving --out against the working directory', () => {
    const { invocation } = run('get', 'https://a.example/1', 'https://a.example/2', '--quality', '720p', '--audio-lang', 'pt-BR,en', '--subs', 'en,de', '--subs-format', 'vtt', '--embed-subs', '--out', 'media');
    expect(invocation).toEqual({
      command: 'get',
      urls: ['https://a.example/1', 'https://a.example/2'],
      playlist: false,
      force: false,
      wait: true,
      options: {
        quality: 720,
        audioLanguages: ['pt-BR', 'en'],
        subtitles: { languages: ['en', 'de'], format: 'vtt', embed: true },
        folder: resolve('media'),
      },
    });
  });

  it('treats --limit as asking for a profile or playlist', () => {
    expect(run('get', 'https://video.example/@me', '--limit', '5').invocation).toMatchObject({ playlist: true, limit: 5 });
    expect(run('get', 'https://video.example/@me', '--sync').invocation).toMatchObject({ playlist: true, sync: true });
    expect(run('get', 'https://video.example/@me', '--max-credits', '40').invocation).toMatchObject({ playlist: true, maxCredits: 40 });
    expect(run('extract', 'https://video.example/@me', '--recheck').invocation).toMatchObject({ command: 'extract', recheck: true });
    expect(exit('get', 'https://video.example/@me', '--max-credits', '0').exitCode).not.toBe(0);
    expect(run('get', 'https://video.example/@me', '--playlist').invocation).toMatchObject({ playlist: true });
  });

  it('accepts global options before and after the command', () => {
    const before = run('--json', '--data-dir', 'dd', '--api-version', 'legacy', '--lang', 'de', '--service-url', 'http://127.0.0.1:9/', 'credits');
    const after = run('credits', '--json', '--data-dir', 'dd', '--api-version', 'legacy', '--lang', 'de', '--service-url', 'http://127.0.0.1:9/');
    for (const { globals } of [before, after]) {
      expect(globals).toEqual({
        json: true,
        quiet: false,
        debug: false,
        dataDir: resolve('dd'),
        apiVersion: 'legacy',
        lang: 'de',
        serviceUrl: 'http://127.0.0.1:9/',
      });
    }
  });

  it('lets an option typed after the command win over the environment and over the same option before it', () => {
    const previous = process.env.TROVE_DATA_DIR;
    process.env.TROVE_DATA_DIR = '/from/env';
    try {
      expect(run('credits').globals.dataDir).toBe('/from/env');
      expect(run('--data-dir', 'before', 'credits', '--data-dir', 'after').globals.dataDir).toBe(resolve('after'));
    } finally {
      if (previous === undefined) delete process.env.TROVE_DATA_DIR;
      else process.env.TROVE_DATA_DIR = previous;
    }
  });

  it('reads `subtitles --lang` as subtitle languages and --lang before the command as the messages language', () => {
    const { invocation, globals } = run('--lang', 'de', 'subtitles', 'https://video.example/watch/a', '--lang', 'en,ja', '--json');
    expect(invocation).toMatchObject({ command: 'subtitles', languages: ['en', 'ja'] });
    expect(globals).toMatchObject({ lang: 'de', json: true });
  });

  it('defaults queue, library and key to their listing or status', () => {
    expect(run('queue').invocation).toEqual({ command: 'queue', action: 'list', wait: false });
    expect(run('library').invocation).toEqual({ command: 'library', action: 'list', limit: 50, offset: 0 });
    expect(run('key').invocation).toEqual({ command: 'key', action: 'status' });
  });

  it('parses queue actions with job ids, waiting for resume and retry unless told not to', () => {
    expect(run('queue', 'pause', '3', '4').invocation).toEqual({ command: 'queue', action: 'pause', ids: [3, 4], wait: false });
    expect(run('queue', 'resume').invocation).toEqual({ command: 'queue', action: 'resume', wait: true });
    expect(run('queue', 'retry', '7', '--no-wait').invocation).toEqual({ command: 'queue', action: 'retry', ids: [7], wait: false });
  });

  it('parses the library subcommands', () => {
    expect(run('library', 'search', 'cats', 'on', 'boats', '--limit', '5').invocation).toEqual({
      command: 'library',
      action: 'search',
      words: 'cats on boats',
      limit: 5,
      offset: 0,
      said: false,
    });
    expect(run('library', 'search', 'see', 'you', '--said').invocation).toEqual({
      command: 'library',
      action: 'search',
      words: 'see you',
      limit: 20,
      offset: 0,
      said: true,
    });
    expect(run('library', 'show', '12').invocation).toEqual({ command: 'library', action: 'show', id: 12 });
    expect(run('library', 'remove', '12', '--delete-files').invocation).toEqual({ command: 'library', action: 'remove', id: 12, deleteFiles: true });
  });

  it('parses subtitles, extract, credits and serve', () => {
    expect(run('subtitles', 'https://video.example/watch/a', '--lang', 'en', '--format', 'original').invocation).toEqual({
      command: 'subtitles',
      url: 'https://video.example/watch/a',
      languages: ['en'],
      format: 'original',
    });
    expect(run('extract', 'https://video.example/@me', '--cursor', 'abc').invocation).toEqual({
      command: 'extract',
      url: 'https://video.example/@me',
      cursor: 'abc',
      force: false,
      recheck: false,
    });
    expect(run('credits', '--days', '7').invocation).toEqual({ command: 'credits', days: 7 });
    expect(run('serve', '--port', '0').invocation).toEqual({ command: 'serve', port: 0 });
  });

  it('passes the sandbox options on unchanged, --help included', () => {
    expect(run('sandbox', '--port', '0', '--key', 'k1', '--faults').invocation).toEqual({
      command: 'sandbox',
      args: ['--port', '0', '--key', 'k1', '--faults'],
    });
    expect(run('sandbox', '--help').invocation).toEqual({ command: 'sandbox', args: ['--help'] });
  });

  it('never takes the key from the command line', () => {
    expect(exit('key', 'set', 'secret-key').exitCode).toBe(2);
  });

  it('reports usage errors with exit code 2 and a message, without printing', () => {
    const cases: string[][] = [
      [],
      ['nope'],
      ['get'],
      ['get', 'x', '--quality', 'huge'],
      ['get', 'x', '--limit', '0'],
      ['get', 'x', '--subs', 'not a tag'],
      ['get', 'x', '--subs-format', 'ass'],
      ['queue', 'pause', 'first'],
      ['library', 'show', '-1'],
      ['--api-version', 'v2', 'credits'],
      ['--lang', 'fr', 'credits'],
      ['--service-url', 'ftp://example.com', 'credits'],
      ['serve', '--port', '70000'],
    ];
    for (const argv of cases) {
      const outcome = exit(...argv);
      expect(outcome.exitCode, argv.join(' ')).toBe(2);
      expect(outcome.stderr, argv.join(' ')).not.toBe('');
    }
  });

  it('refuses an empty folder or cursor (an empty --out meant the working directory, an empty --cursor the first page again)', () => {
    for (const argv of [
      ['get', 'x', '--out', ''],
      ['get', 'x', '--out', '  '],
      ['subtitles', 'x', '--out', ''],
      ['extract', 'x', '--cursor', ''],
    ]) {
      const outcome = exit(...argv);
      expect(outcome.exitCode, argv.join(' ')).toBe(2);
      expect(outcome.stderr, argv.join(' ')).toMatch(/argument .* is invalid\. .+/);
    }
  });

  it('prints help and the version with exit code 0', () => {
    const help = exit('--help');
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('Exit codes:');
    expect(help.stdout).toContain('TROVE_API_KEY');
    expect(exit('help', 'get').stdout).toContain('--subs-format');
    expect(exit('--version').stdout.trim()).toBe('1.2.3');
  });
});
