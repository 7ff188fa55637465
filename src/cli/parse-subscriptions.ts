import { resolve } from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import { BALANCE_ALERT_THRESHOLDS } from '../shared/credits';
import type { DownloadOptions } from '../shared/jobs';
import { subtitleSaveFormatSchema } from '../shared/settings';
import type { SubtitleSaveFormat } from '../shared/settings';
import { SUBSCRIPTION_SCHEDULES, stopBelowSchema, subscriptionKindSchema } from '../shared/subscriptions';
import type { SubscriptionSchedule } from '../shared/subscriptions';
import type { Invocation, SubscriptionChoices } from './invocation';
import { parseLanguageList, parseNonEmpty, parsePositiveInteger, parseQuality } from './option-values';

type Capture = (invocation: Invocation, command: Command) => void;

interface ChoiceOptions {
  schedule?: SubscriptionSchedule;
  quality?: DownloadOptions['quality'];
  audioLang?: string[];
  subs?: string[];
  subsFormat?: SubtitleSaveFormat;
  embedSubs?: boolean;
  out?: string;
  runCap?: number | null;
  monthCap?: number | null;
  stopBelow?: SubscriptionChoices['stopBelow'];
  after?: number;
  paused?: boolean;
}

/** A credit cap: a positive number, or `none` to have no cap. */
function parseCap(value: string): number | null {
  if (value.trim().toLowerCase() === 'none') return null;
  const number = Number(value.trim());
  if (!Number.isFinite(number) || number <= 0 || number > 1_000_000) throw new InvalidArgumentError('Use a number of credits above 0, or none.');
  return number;
}

function parseStopBelow(value: string): SubscriptionChoices['stopBelow'] {
  const parsed = stopBelowSchema.safeParse(Number(value.trim()));
  if (!parsed.success) throw new InvalidArgumentError(`Use one of the balance alert thresholds: ${BALANCE_ALERT_THRESHOLDS.join(', ')}.`);
  return parsed.data;
}

/** A calendar date (2026-05-01, local midnight) or a full ISO 8601 time. */
function parseDate(value: string): number {
  const text = value.trim();
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00`).getTime() : Date.parse(text);
  if (Number.isNaN(ms) || ms < 0) throw new InvalidArgumentError('Use a date such as 2026-05-01.');
  return ms;
}

/** The options `follow`, `subscriptions add` and `subscriptions edit` share. */
function withChoices(command: Command, forEdit: boolean): Command {
  return command
    .addOption(new Option('--schedule <schedule>', `how often to look for new posts${forEdit ? '' : ' (default: daily)'}`).choices(SUBSCRIPTION_SCHEDULES))
    .option('--quality <quality>', 'best, original or a maximum height such as 720', parseQuality)
    .option('--audio-lang <tags>', 'preferred audio languages, such as en or pt-BR,en', parseLanguageList)
    .option('--subs <tags>', 'also save subtitles in these languages', parseLanguageList)
    .addOption(new Option('--subs-format <format>', 'subtitle file format (default: srt)').choices(subtitleSaveFormatSchema.options))
    .option('--embed-subs', 'embed the subtitles into the video file')
    .option('--out <dir>', 'download folder (default: the folder in the settings)', parseNonEmpty)
    .option('--run-cap <credits>', 'spend at most this much in one run (none: no cap)', parseCap)
    .option('--month-cap <credits>', 'spend at most this much a month (none: no cap)', parseCap)
    .option('--stop-below <credits>', `stop a run when the balance would fall below this alert threshold (${BALANCE_ALERT_THRESHOLDS.join(', ')}; default 100)`, parseStopBelow)
    .option('--after <date>', 'only posts published after this date (no older backlog)', parseDate);
}

function choicesOf(options: ChoiceOptions): SubscriptionChoices {
  const download: DownloadOptions = {
    ...(options.quality !== undefined && { quality: options.quality }),
    ...(options.audioLang && { audioLanguages: options.audioLang }),
    ...(options.subs && { subtitles: { languages: options.subs, format: options.subsFormat ?? 'srt', embed: options.embedSubs === true } }),
    ...(options.out !== undefined && { folder: resolve(options.out) }),
  };
  return {
    ...(options.schedule !== undefined && { schedule: options.schedule }),
    ...(Object.keys(download).length > 0 && { options: download }),
    ...(options.runCap !== undefined && { runCap: options.runCap }),
    ...(options.monthCap !== undefined && { monthCap: options.monthCap }),
    ...(options.stopBelow !== undefined && { stopBelow: options.stopBelow }),
    ...(options.after !== undefined && { onlyAfter: options.after }),
    ...(options.paused !== undefined && { paused: options.paused }),
  };
}

/** `trove follow <link>` and `trove subscriptions list|add|edit|remove|run`. */
export function addSubscriptionCommands(program: Command, capture: Capture): void {
  const add = (url: string, options: ChoiceOptions & { kind?: 'profile' | 'playlist' }, command: Command): void =>
    capture({ command: 'subscriptions', action: 'add', url, ...(options.kind && { kind: options.kind }), settings: choicesOf(options) }, command);
  const kindOption = (): Option => new Option('--kind <kind>', 'what the link is (default: guessed from the link)').choices(subscriptionKindSchema.options);

  withChoices(program.command('follow').description('follow a profile or playlist: new posts are downloaded on a schedule (same as `subscriptions add`)'), false)
    .argument('<link>', 'link to a profile or playlist')
    .addOption(kindOption())
    .action(add);

  const subscriptions = program.command('subscriptions').description('followed profiles and playlists (default: list)');
  subscriptions
    .command('list', { isDefault: true })
    .description('list subscriptions with their last run and next run')
    .action((_options: unknown, command: Command) => capture({ command: 'subscriptions', action: 'list' }, command));
  withChoices(subscriptions.command('add').description('follow a profile or playlist'), false)
    .argument('<link>', 'link to a profile or playlist')
    .addOption(kindOption())
    .action(add);
  withChoices(subscriptions.command('edit').description('change a subscription (only the options given)'), true)
    .argument('<id>', 'subscription id (see `trove subscriptions list`)', parsePositiveInteger)
    .option('--pause', 'stop running it on its schedule')
    .option('--resume', 'run it on its schedule again')
    .action((id: number, options: ChoiceOptions & { pause?: boolean; resume?: boolean }, command: Command) => {
      const paused = options.pause ? true : options.resume ? false : undefined;
      capture({ command: 'subscriptions', action: 'edit', id, settings: choicesOf({ ...options, ...(paused !== undefined && { paused }) }) }, command);
    });
  subscriptions
    .command('remove')
    .description('stop following (posts already downloaded stay in the library)')
    .argument('<id>', 'subscription id', parsePositiveInteger)
    .action((id: number, _options: unknown, command: Command) => capture({ command: 'subscriptions', action: 'remove', id }, command));
  subscriptions
    .command('run')
    .description('run the subscriptions that are due (for cron or a systemd timer), or the one named, then download what they found; charged per page')
    .argument('[id]', 'run this one now, due or not', parsePositiveInteger)
    .option('--no-wait', 'only queue the new posts and return')
    .action((id: number | undefined, options: { wait?: boolean }, command: Command) =>
      capture({ command: 'subscriptions', action: 'run', ...(id !== undefined && { id }), wait: options.wait !== false }, command),
    );
}
