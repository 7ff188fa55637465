import type { CommandInput, MediaPick } from '../../../shared/contract';
import type { DownloadOptions } from '../../../shared/jobs';
import type { Media, Post } from '../../../shared/post';
import type { Settings } from '../../../shared/settings';
import { chooseAudioTrack, recommendedVariant } from '../../../shared/variant-choice';

export type JobsAddInput = CommandInput<'jobs.add'>;

/** What the user chose on a preview card. */
export interface PostChoices {
  /** Media index → the quality of the chosen variant (videos with variants). */
  quality: Readonly<Record<number, number>>;
  /** Media index → the language tag of the chosen audio track (multi-track audio). */
  audioLanguage: Readonly<Record<number, string>>;
  /** Media index → false for an image the user left out (photo posts); every image is taken otherwise. */
  images: Readonly<Record<number, boolean>>;
  saveSubtitles: boolean;
  /** Empty: the download folder from the settings. */
  folder: string;
}

/** Options shared by every job of one Download click: subtitles and folder. */
export function commonOptions(settings: Pick<Settings, 'subtitleLanguages' | 'subtitleFormat' | 'embedSubtitles'>, saveSubtitles: boolean, folder: string): DownloadOptions {
  // Unticked is said outright: left out, the job would fall back to the settings and list subtitles anyway.
  const options: DownloadOptions = {
    subtitles: saveSubtitles ? { languages: settings.subtitleLanguages, format: settings.subtitleFormat, embed: settings.embedSubtitles } : false,
  };
  if (folder.trim() !== '') options.folder = folder.trim();
  return options;
}

/** The place in the item's variants of the one the user chose (the variant's id in this preview). */
function chosenVariant(media: Media, index: number, choices: PostChoices): number | undefined {
  const variants = media.variants ?? [];
  const language = choices.audioLanguage[index];
  const quality = choices.quality[index];
  const found =
    language !== undefined
      ? variants.findIndex((variant) => variant.language_tag === language)
      : quality !== undefined
        ? variants.findIndex((variant) => variant.quality === quality)
        : -1;
  return found >= 0 ? found : undefined;
}

/** The media items taken from a previewed post, each with its chosen variant; images left out are not taken. */
export function mediaPicks(post: Pick<Post, 'medias'>, choices: PostChoices): MediaPick[] {
  return post.medias.flatMap((media, index) => {
    if (media.media_type === 'image' && choices.images[index] === false) return [];
    const variant = chosenVariant(media, index, choices);
    return [{ index, ...(variant === undefined ? {} : { variant }) }];
  });
}

/** An audio item offered in several languages: its track is chosen by language, not quality. */
export const hasLanguageTracks = (media: Media): boolean =>
  media.media_type === 'audio' && (media.variants ?? []).some((variant) => variant.language_tag !== undefined);

/** What a preview offers before the user chooses: the settings' quality and audio languages, every image, their subtitles. */
export function initialChoices(post: Pick<Post, 'medias'>, settings: Pick<Settings, 'preferredQuality' | 'audioLanguages' | 'saveSubtitles'>): PostChoices {
  const quality: Record<number, number> = {};
  const audioLanguage: Record<number, string> = {};
  post.medias.forEach((media, index) => {
    if (hasLanguageTracks(media)) {
      const track = chooseAudioTrack(media.variants ?? [], settings.audioLanguages);
      if (track?.language_tag) audioLanguage[index] = track.language_tag;
    } else if (media.media_type === 'video' && media.variants?.length) {
      const variant = recommendedVariant(media, settings.preferredQuality);
      if (variant) quality[index] = variant.quality;
    }
  });
  return { quality, audioLanguage, images: {}, saveSubtitles: settings.saveSubtitles, folder: '' };
}

type OptionSettings = Pick<Settings, 'subtitleLanguages' | 'subtitleFormat' | 'embedSubtitles'>;

/**
 * The one jobs.add call for a previewed post: one job, carrying every choice made on its
 * card. `again`: the post is in the library (or queued) already and the user confirmed a copy.
 */
export function postDownloadRequest(resolutionId: string, post: Pick<Post, 'medias'>, choices: PostChoices, settings: OptionSettings, again = false): JobsAddInput {
  return {
    source: { kind: 'resolved', resolutionId, media: mediaPicks(post, choices), ...(again ? { again } : {}) },
    options: commonOptions(settings, choices.saveSubtitles, choices.folder),
  };
}

/** One post of a list of links, as "Download all" takes it. */
export interface ListPick {
  resolutionId: string;
  post: Pick<Post, 'medias'>;
  choices: PostChoices;
  again: boolean;
}

/** "Download all" of a list of links: one jobs.add call, one job per post, each with its own choices and options. */
export function listDownloadRequest(picks: readonly ListPick[], settings: OptionSettings): JobsAddInput {
  return {
    source: {
      kind: 'posts',
      picks: picks.map(({ resolutionId, post, choices, again }) => {
        const media = mediaPicks(post, choices);
        return {
          resolutionId,
          // A post without media items: the job says there is nothing to download.
          ...(media.length > 0 ? { media } : {}),
          options: commonOptions(settings, choices.saveSubtitles, choices.folder),
          ...(again ? { again } : {}),
        };
      }),
    },
    options: {},
  };
}

/** A run of a whole profile or playlist ("Download whole profile", "Sync new posts"): each post job it queues takes these options. */
export function playlistRunRequest(
  url: string,
  run: { sync: boolean; maxCredits: number | undefined },
  settings: OptionSettings,
  saveSubtitles: boolean,
): JobsAddInput {
  return {
    source: { kind: 'playlist', url, ...(run.sync ? { sync: true } : {}), ...(run.maxCredits === undefined ? {} : { maxCredits: run.maxCredits }) },
    options: commonOptions(settings, saveSubtitles, ''),
  };
}
