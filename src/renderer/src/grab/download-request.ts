import type { CommandInput } from '../../../shared/contract';
import type { DownloadOptions } from '../../../shared/jobs';
import { ORIGINAL_QUALITY } from '../../../shared/post';
import type { Post } from '../../../shared/post';
import type { QualityPreference, Settings } from '../../../shared/settings';

export type JobsAddInput = CommandInput<'jobs.add'>;

/** What the user chose on a preview card. */
export interface PostChoices {
  /** Media index → the quality of the chosen variant (videos with variants). */
  quality: Readonly<Record<number, number>>;
  /** Media index → the language tag of the chosen audio track (multi-track audio). */
  audioLanguage: Readonly<Record<number, string>>;
  saveSubtitles: boolean;
  /** Empty: the download folder from the settings. */
  folder: string;
}

/** A variant's quality as a preference the Core understands: 9999 is "original", else a height cap. */
export function qualityPreference(quality: number | undefined): QualityPreference | undefined {
  if (quality === undefined) return undefined;
  if (quality === ORIGINAL_QUALITY) return 'original';
  return quality >= 144 && quality <= 8640 ? quality : undefined;
}

/** Options shared by every job of one Download click: subtitles and folder. */
export function commonOptions(settings: Pick<Settings, 'subtitleLanguages' | 'subtitleFormat' | 'embedSubtitles'>, saveSubtitles: boolean, folder: string): DownloadOptions {
  const options: DownloadOptions = {};
  if (saveSubtitles) {
    options.subtitles = { languages: settings.subtitleLanguages, format: settings.subtitleFormat, embed: settings.embedSubtitles };
  }
  if (folder.trim() !== '') options.folder = folder.trim();
  return options;
}

/**
 * The jobs.add calls for a previewed post. The quality and audio track are options of a
 * job, so media chosen differently go into separate jobs (by media index); a post whose
 * media share one choice — nearly all posts — is one job.
 */
export function postDownloadRequests(
  resolutionId: string,
  post: Pick<Post, 'medias'>,
  choices: PostChoices,
  settings: Pick<Settings, 'subtitleLanguages' | 'subtitleFormat' | 'embedSubtitles'>,
): JobsAddInput[] {
  const groups = new Map<string, { quality?: QualityPreference; audio?: string; indexes: number[] }>();
  const plain: number[] = [];
  post.medias.forEach((media, index) => {
    const quality = qualityPreference(choices.quality[index]);
    const audio = choices.audioLanguage[index];
    if (quality === undefined && audio === undefined) {
      plain.push(index);
      return;
    }
    const key = `${String(quality)}|${audio ?? ''}`;
    const group = groups.get(key) ?? { ...(quality === undefined ? {} : { quality }), ...(audio === undefined ? {} : { audio }), indexes: [] };
    group.indexes.push(index);
    groups.set(key, group);
  });
  const base = commonOptions(settings, choices.saveSubtitles, choices.folder);
  const all = [...groups.values()];
  if (all.length === 0) return [{ source: { kind: 'resolved', resolutionId }, options: base }];
  // Media without a choice (images, files) ride along with the first group.
  all[0]?.indexes.push(...plain);
  return all.map((group) => ({
    source: {
      kind: 'resolved' as const,
      resolutionId,
      ...(all.length > 1 ? { mediaIndexes: [...group.indexes].sort((a, b) => a - b) } : {}),
    },
    options: {
      ...base,
      ...(group.quality === undefined ? {} : { quality: group.quality }),
      ...(group.audio === undefined ? {} : { audioLanguages: [group.audio] }),
    },
  }));
}
