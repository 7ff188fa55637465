import { resolve } from 'node:path';
import { Argument, Command, CommanderError, Option } from 'commander';
import { API_VERSIONS, UI_LANGUAGES, subtitleSaveFormatSchema } from '../shared/settings';
import type { DownloadOptions } from '../shared/jobs';
import type { ApiVersion, SubtitleSaveFormat, UiLanguage } from '../shared/settings';
import { EXIT } from './exit-codes';
import { CLEARABLE_STATES } from './invocation';
import type { ClearableState, GlobalOptions, Invocation, QueueAction } from './invocation';
import { parseLanguageList, parseNonEmpty, parseNonNegativeInteger, parsePort, parsePositiveInteger, parseQuality, parseServiceUrl } from './option-values';
import { HELP_EPILOGUE } from './help-text';
import { addSubscriptionCommands } from './parse-subscriptions';

export type ParseOutcome =
  | { kind: 'run'; invocation: Invocation; globals: GlobalOptions }
  /** Help, version or a usage error: print and exit without touching the engine. */
  | { kind: 'exit'; exitCode: typeof EXIT.ok | typeof EXIT.usage; stdout: string; stderr: string };

interface RawGlobals {
  serviceUrl?: string;
  apiVersion?: ApiVersion;
  dataDir?: string;
  lang?: UiLanguage;
  json?: boolean;
  quiet?: boolean;
  debug?: boolean;
}

const SUBTITLE_FORMATS = subtitleSaveFormatSchema.options;

/**
 * Parses `trove` arguments (without the node and script paths) into an Invocation.
 * Nothing is printed and nothing exits here: help and usage errors come back as text so
 * the caller decides where they go (and tests can read them).
 */
export function parseArgs(argv: readonly string[], version: string): ParseOutcome {
  let stdout = '';
  let stderr = '';
  let parsed: { invocation: Invocation; command: Command } | undefined;
  const capture = (invocation: Invocation, command: Command): void => {
    parsed = { invocation, command };
  };

  const program = new Command('trove')
    .description('Trove: download posts, profiles and playlists through the Media Extraction Service, and keep them in a library.')
    .version(version, '-V, --version')
    .enablePositionalOptions()
    .addHelpText('after', HELP_EPILOGUE)
    .showHelpAfterError('(run `trove help` for the list of commands)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => (stdout += text),
      writeErr: (text) => (stderr += text),
    });
  for (const option of globalOptions(true)) program.addOption(option);

  program
    .command('extract')
    .description('show a post (caption, author, media, variants) or a page of a profile or playlist; charged')
    .argument('<link>', 'link to a post, profile or playlist')
    .option('--cursor <cursor>', 'the next page of a profile or playlist (printed by the previous page)', parseNonEmpty)
    .option('--force', 'ask the service even when the post is already in the library')
    .option('--recheck', 'ask the service again (charged) instead of showing the answer bought moments ago for free')
    .action((url: string, options: { cursor?: string; force?: boolean; recheck?: boolean }, command: Command) =>
      capture(
        { command: 'extract', url, ...(options.cursor !== undefined && { cursor: options.cursor }), force: options.force === true, recheck: options.recheck === true },
        command,
      ),
    );

  program
    .command('get')
    .description('download posts, profiles and playlists through the queue and wait until they are done')
    .argument('<links...>', 'links to posts, profiles or playlists')
    .option('--quality <quality>', 'best, original or a maximum height such as 720', parseQuality)
    .option('--audio-lang <tags>', 'preferred audio languages, such as en or pt-BR,en', parseLanguageList)
    .option('--subs <tags>', 'also save subtitles in these languages', parseLanguageList)
    .addOption(new Option('--subs-format <format>', 'subtitle file format').choices(SUBTITLE_FORMATS).default('srt'))
    .option('--embed-subs', 'embed the subtitles into the video file')
    .option('--out <dir>', 'download folder (default: the folder in the settings)', parseNonEmpty)
    .option('--playlist', 'treat the links as profiles or playlists and download their posts')
    .option('--limit <n>', 'download at most n posts of each profile or playlist', parsePositiveInteger)
    .option('--sync', 'only the new posts of each profile or playlist: read pages from the newest until a post already in the library')
    .option('--max-credits <n>', 'cost cap of each profile or playlist: stop before a page that would take it past n credits (learned prices)', parsePositiveInteger)
    .option('--force', 'download again posts already in the library')
    .option('--no-wait', 'only add the jobs to the queue and return at once')
    .action((urls: string[], options: GetOptions, command: Command) => capture(getInvocation(urls, options), command));

  program
    .command('subtitles')
    .description('save the subtitles of a video, without the video; charged')
    .argument('<link>', 'link to a video')
    .option('--lang <tags>', 'languages to save (default: every language offered)', parseLanguageList)
    .addOption(new Option('--format <format>', 'subtitle file format').choices(SUBTITLE_FORMATS).default('srt'))
    .option('--out <dir>', 'folder to save into (default: the download folder)', parseNonEmpty)
    .action((url: string, options: { lang?: string[]; format: SubtitleSaveFormat; out?: string }, command: Command) =>
      capture(
        {
          command: 'subtitles',
          url,
          ...(options.lang && { languages: options.lang }),
          format: options.format,
          ...(options.out !== undefined && { folder: resolve(options.out) }),
        },
        command,
      ),
    );

  const queue = program.command('queue').description('the download queue (default: list)');
  queue
    .command('list', { isDefault: true })
    .description('list the jobs in the queue')
    .action((_options: unknown, command: Command) => capture({ command: 'queue', action: 'list', wait: false }, command));
  const queueActions: Array<[QueueAction, string]> = [
    ['pause', 'pause jobs (all when no id is given)'],
    ['resume', 'resume jobs and wait until they are done'],
    ['cancel', 'cancel jobs'],
    ['retry', 'retry failed and canceled jobs and wait until they are done'],
  ];
  for (const [action, description] of queueActions) {
    const sub = queue
      .command(action)
      .description(description)
      .argument('[ids...]', 'job ids (see `trove queue list`)', collectIds);
    if (action === 'resume' || action === 'retry') sub.option('--no-wait', 'return at once instead of waiting');
    sub.action((ids: number[] | undefined, options: { wait?: boolean }, command: Command) =>
      capture(
        {
          command: 'queue',
          action,
          ...(ids !== undefined && ids.length > 0 && { ids }),
          wait: (action === 'resume' || action === 'retry') && options.wait !== false,
        },
        command,
      ),
    );
  }

  queue
    .command('clear')
    .description('remove finished jobs from the queue: done and canceled ones, or the states named (failed ones lose their partial files)')
    .addArgument(new Argument('[states...]', 'states of the jobs to remove').choices(CLEARABLE_STATES))
    .action((states: ClearableState[], _options: unknown, command: Command) =>
      capture({ command: 'queue', action: 'clear', states: states.length > 0 ? [...new Set(states)] : ['done', 'canceled'] }, command),
    );

  const library = program.command('library').description('the offline library (default: list)');
  library
    .command('list', { isDefault: true })
    .description('list the newest posts')
    .option('--limit <n>', 'how many', parsePositiveInteger, 50)
    .option('--offset <n>', 'skip this many', parseNonNegativeInteger, 0)
    .action((options: { limit: number; offset: number }, command: Command) =>
      capture({ command: 'library', action: 'list', limit: options.limit, offset: options.offset }, command),
    );
  library
    .command('search')
    .description('search captions, texts, authors and sites; with --said, what was said in saved subtitles')
    .argument('<words...>', 'words to find')
    .option('--said', 'find the moments whose subtitles say these words, best first')
    .option('--limit <n>', 'how many (with --said: 20, at most 200)', parsePositiveInteger)
    .option('--offset <n>', 'skip this many', parseNonNegativeInteger, 0)
    .action((words: string[], options: { limit?: number; offset: number; said?: boolean }, command: Command) =>
      capture(
        { command: 'library', action: 'search', words: words.join(' '), limit: options.limit ?? (options.said ? 20 : 50), offset: options.offset, said: options.said === true },
        command,
      ),
    );
  library
    .command('show')
    .description('show one post with its files and subtitles')
    .argument('<id>', 'library id', parsePositiveInteger)
    .action((id: number, _options: unknown, command: Command) => capture({ command: 'library', action: 'show', id }, command));
  library
    .command('remove')
    .description('remove a post from the library')
    .argument('<id>', 'library id', parsePositiveInteger)
    .option('--delete-files', 'also delete its files from the disk')
    .action((id: number, options: { deleteFiles?: boolean }, command: Command) =>
      capture({ command: 'library', action: 'remove', id, deleteFiles: options.deleteFiles === true }, command),
    );
  library
    .command('rebuild')
    .description('rebuild the library from the files Trove wrote (their tags and sidecars); asks the service for nothing, costs no credits')
    .argument('[folders...]', 'folders to read (default: the download folder)')
    .action((folders: string[], _options: unknown, command: Command) => capture({ command: 'library', action: 'rebuild', folders }, command));

  addSubscriptionCommands(program, capture);

  program
    .command('credits')
    .description('the credit balance (a free call) and recent spend')
    .option('--days <n>', 'how many days of spend to show', parsePositiveInteger, 30)
    .action((options: { days: number }, command: Command) => capture({ command: 'credits', days: options.days }, command));

  const key = program.command('key').description('the API key in the system keychain (default: status)');
  key
    .command('status', { isDefault: true })
    .description('whether a key is set, and where it comes from')
    .action((_options: unknown, command: Command) => capture({ command: 'key', action: 'status' }, command));
  key
    .command('set')
    .description('read a key from stdin, check it with the service and store it in the keychain')
    .action((_options: unknown, command: Command) => capture({ command: 'key', action: 'set' }, command));
  key
    .command('clear')
    .description('remove the key from the keychain')
    .action((_options: unknown, command: Command) => capture({ command: 'key', action: 'clear' }, command));

  program
    .command('doctor')
    .description('check this installation: Node, ffmpeg, keychain, folders and service, each problem with its fix')
    .action((_options: unknown, command: Command) => capture({ command: 'doctor' }, command));

  program
    .command('sandbox')
    .description('run the local emulator of the service (its options: `trove sandbox --help`)')
    .helpOption(false)
    .passThroughOptions()
    .allowUnknownOption()
    .allowExcessArguments()
    .argument('[options...]', 'options of the sandbox, passed on unchanged')
    .action((args: string[], _options: unknown, command: Command) => capture({ command: 'sandbox', args }, command));

  program
    .command('serve')
    .description('run web mode: the Trove app in a browser, on 127.0.0.1')
    .option('--port <port>', 'port to listen on', parsePort)
    .action((options: { port?: number }, command: Command) =>
      capture({ command: 'serve', ...(options.port !== undefined && { port: options.port }) }, command),
    );

  addGlobalOptionsToLeaves(program);

  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return { kind: 'exit', exitCode: error.exitCode === 0 ? EXIT.ok : EXIT.usage, stdout, stderr };
  }
  // Every command has an action (commander shows help itself for `trove` alone).
  if (!parsed) throw new Error('The command line parsed without choosing a command.');
  return { kind: 'run', invocation: parsed.invocation, globals: globalsOf({ ...program.opts<RawGlobals>(), ...leafGlobals(parsed.command) }) };
}

interface GetOptions {
  quality?: DownloadOptions['quality'];
  audioLang?: string[];
  subs?: string[];
  subsFormat: SubtitleSaveFormat;
  embedSubs?: boolean;
  out?: string;
  playlist?: boolean;
  limit?: number;
  sync?: boolean;
  maxCredits?: number;
  force?: boolean;
  wait?: boolean;
}

function getInvocation(urls: string[], options: GetOptions): Invocation {
  const downloadOptions: DownloadOptions = {
    ...(options.quality !== undefined && { quality: options.quality }),
    ...(options.audioLang && { audioLanguages: options.audioLang }),
    ...(options.subs && {
      subtitles: { languages: options.subs, format: options.subsFormat, embed: options.embedSubs === true },
    }),
    ...(options.out !== undefined && { folder: resolve(options.out) }),
  };
  return {
    command: 'get',
    urls,
    // A limit, a sync or a cost cap only means something for a profile or playlist.
    playlist: options.playlist === true || options.limit !== undefined || options.sync === true || options.maxCredits !== undefined,
    ...(options.limit !== undefined && { limit: options.limit }),
    ...(options.sync === true && { sync: true }),
    ...(options.maxCredits !== undefined && { maxCredits: options.maxCredits }),
    force: options.force === true,
    wait: options.wait !== false,
    options: downloadOptions,
  };
}

const GLOBAL_GROUP = 'Global options:';

/**
 * Fresh instances each time: commander options belong to one command. Only the program's
 * copies read the environment, so an option typed after the command still beats it.
 */
function globalOptions(readEnvironment: boolean): Option[] {
  const serviceUrl = new Option('--service-url <url>', 'service base URL').argParser(parseServiceUrl);
  const dataDir = new Option('--data-dir <dir>', 'where Trove keeps its library and queue');
  if (readEnvironment) {
    serviceUrl.env('TROVE_SERVICE_URL');
    dataDir.env('TROVE_DATA_DIR');
  }
  return [
    serviceUrl,
    new Option('--api-version <version>', 'service API version').choices(API_VERSIONS),
    dataDir,
    new Option('--lang <language>', 'language of messages from the service').choices(UI_LANGUAGES),
    new Option('--json', 'print one JSON object per line (events, then a result)'),
    new Option('--quiet', 'print only results and errors'),
    new Option('--debug', 'print stack traces of unexpected errors'),
  ].map((option) => option.helpGroup(GLOBAL_GROUP));
}

/**
 * Global options are accepted after the command too (`trove get <link> --json`). Each
 * command gets its own copy, except options it defines itself: `subtitles --lang` names
 * subtitle languages (the messages' language then goes before the command), and the
 * sandbox parses its own options.
 */
function addGlobalOptionsToLeaves(command: Command): void {
  for (const sub of command.commands) {
    if (sub.name() === 'sandbox') continue;
    if (sub.commands.length > 0) {
      addGlobalOptionsToLeaves(sub);
      continue;
    }
    const own = new Set(sub.options.map((option) => option.long));
    for (const option of globalOptions(false)) if (!own.has(option.long)) sub.addOption(option);
  }
}

/** The global options typed after the command (they win over those before it). */
function leafGlobals(command: Command): RawGlobals {
  const values = command.opts<Record<string, unknown>>();
  const globals: Record<string, unknown> = {};
  for (const option of command.options) {
    if (option.helpGroupHeading !== GLOBAL_GROUP) continue;
    const key = option.attributeName();
    if (values[key] !== undefined) globals[key] = values[key];
  }
  return globals as RawGlobals;
}

function globalsOf(raw: RawGlobals): GlobalOptions {
  return {
    ...(raw.serviceUrl !== undefined && { serviceUrl: raw.serviceUrl }),
    ...(raw.apiVersion !== undefined && { apiVersion: raw.apiVersion }),
    ...(raw.dataDir !== undefined && raw.dataDir !== '' && { dataDir: resolve(raw.dataDir) }),
    ...(raw.lang !== undefined && { lang: raw.lang }),
    json: raw.json === true,
    quiet: raw.quiet === true,
    debug: raw.debug === true,
  };
}

/** commander's shape for a variadic argument parser: each value joins the previous ones. */
function collectIds(value: string, previous: number[] | undefined): number[] {
  return [...(previous ?? []), parsePositiveInteger(value)];
}
