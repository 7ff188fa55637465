import { readFile, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ErrorInfo, Result } from '../../shared/errors';
import { errorInfoOf, failWith as fail } from '../../shared/errors';
import { subtitleFormatSchema } from '../../shared/subtitles';
import type { Cue, SubtitleResult } from '../../shared/subtitles';
import { parseLink } from '../../shared/links';
import { fetchBytes } from '../download';
import { sanitizeFileName } from '../files';
import { embedSubtitles } from '../media';
import { parseSubtitles, matchTracks, saveSubtitleTracks, sourceFor } from '../subtitles';
import type { FileRecord } from '../library';
import type { HandlerDeps, HandlerGroup } from './handler-types';

const asCues = (parsed: ReturnType<typeof parseSubtitles>): Result<Cue[], ErrorInfo> =>
  parsed.ok ? parsed : fail(parsed.error.code, parsed.error.message);

export function subtitleCommands({ services }: HandlerDeps): HandlerGroup<'subtitles.list' | 'subtitles.cues' | 'subtitles.save' | 'subtitles.refusals'> {
  /** The downloaded video of a library post, if any: subtitles are named and placed after it. */
  const videoFileOf = (postId: number): FileRecord | undefined => {
    const files = services.library.listFiles(postId);
    return files.ok ? files.value.find((file) => file.kind === 'video') : undefined;
  };
  /**
   * Embedding rewrote the video: its record gets the new size (the Library shows it and sums
   * it per post) and loses the checksum of the bytes it no longer has.
   */
  const rerecord = async ({ postId, mediaIndex, path, kind, codecs }: FileRecord): Promise<void> => {
    const size = (await stat(path).catch(() => undefined))?.size;
    if (size === undefined) return;
    services.library.addFile({ postId, path, size, kind, ...(mediaIndex === null ? {} : { mediaIndex }), ...(codecs === null ? {} : { codecs }) });
  };

  /** A link other than the one stored (a share link, another form of it) still names the post: its site and id. */
  const postOf = ({ site, id }: SubtitleResult): number | undefined => {
    if (site === undefined || id === undefined) return undefined;
    const known = services.library.findExisting({ site, id });
    return known.ok && known.value ? known.value.post.id : undefined;
  };

  return {
    /** "Subtitles only": one charged call, the video itself is not downloaded again. */
    async 'subtitles.list'(input) {
      let url: string;
      let postId: number | undefined;
      if ('postId' in input) {
        const post = services.library.getPost(input.postId);
        if (!post.ok) return post;
        if (!post.value?.postUrl) return fail('not_found', `Post ${input.postId} has no link to fetch subtitles from.`);
        url = post.value.postUrl;
        postId = input.postId;
      } else {
        const link = parseLink(input.url);
        if (!link.ok) return link;
        url = link.value;
        const known = services.library.findExisting({ postUrl: url });
        if (known.ok && known.value) postId = known.value.post.id;
      }
      // Listed before in this session: shown again free, unless the user asks again on purpose.
      const earlier = input.recheck ? undefined : services.answers.recall('subtitles', url);
      if (earlier) {
        postId ??= postOf(earlier.resolution.result);
        const resolutionId = services.resolutions.put({ ...earlier.resolution, ...(postId ? { postId } : {}) });
        return { ok: true, value: { resolutionId, result: earlier.resolution.result, charged: false, reusedFrom: earlier.answeredAt, ...(postId ? { postId } : {}) } };
      }
      const answer = await services.client().extractSubtitles(url);
      if (!answer.ok) return { ok: false, error: errorInfoOf(answer.error) };
      postId ??= postOf(answer.value);
      const resolution = { kind: 'subtitles', url, result: answer.value, ...(postId ? { postId } : {}) } as const;
      if (answer.charged) services.answers.remember(resolution);
      const resolutionId = services.resolutions.put(resolution);
      return { ok: true, value: { resolutionId, result: answer.value, charged: answer.charged, ...(postId ? { postId } : {}) } };
    },

    'subtitles.refusals'() {
      const refusals = services.subtitleRefusals.list();
      return Promise.resolve(refusals.ok ? { ok: true, value: { refusals: refusals.value } } : refusals);
    },

    async 'subtitles.cues'({ source }) {
      if (source.kind === 'library') {
        const saved = services.library.listSubtitles(source.postId);
        if (!saved.ok) return saved;
        const subtitle = saved.value.find((candidate) => candidate.languageTag.toLowerCase() === source.languageTag.toLowerCase());
        if (!subtitle) return fail('not_found', `No saved ${source.languageTag} subtitles for post ${source.postId}.`);
        const bytes = await readFile(subtitle.path).catch(() => undefined);
        if (!bytes) return { ok: false, error: { code: 'file_missing', message: `The subtitle file is no longer readable on disk: ${subtitle.path}`, retryable: false } };
        return asCues(parseSubtitles(bytes, subtitleFormatSchema.safeParse(subtitle.format).data));
      }
      const resolution = services.resolutions.get(source.resolutionId);
      if (resolution?.kind !== 'subtitles') return fail('resolution_expired', 'List the subtitles again: these links are too old.');
      const [track] = matchTracks(resolution.result.subtitles, [source.languageTag]);
      const url = track && sourceFor(track, 'srt');
      if (!url) return fail('not_found', `No ${source.languageTag} subtitles for this video.`);
      const bytes = await fetchBytes(url.url);
      return bytes.ok ? asCues(parseSubtitles(bytes.value, url.format)) : bytes;
    },

    async 'subtitles.save'({ resolutionId, languageTags, format, postId, folder, embed }) {
      const resolution = services.resolutions.get(resolutionId);
      if (resolution?.kind !== 'subtitles') return fail('resolution_expired', 'List the subtitles again: these links are too old.');
      const owner = postId ?? resolution.postId;
      const videoFile = owner !== undefined ? videoFileOf(owner) : undefined;
      const video = videoFile?.path;
      const target = folder ?? (video ? dirname(video) : services.downloadFolder(services.settings.get()));
      const videoName = video ?? `${sanitizeFileName(resolution.result.text, { fallback: resolution.result.id ?? 'subtitles' })}.mp4`;
      const { saved, failures } = await saveSubtitleTracks({
        result: resolution.result,
        languageTags,
        target: format,
        folder: target,
        videoName,
        fetchBytes: (url, signal) => fetchBytes(url, { ...(signal ? { signal } : {}) }),
      });
      if (saved.length === 0) return { ok: false, error: failures[0] ?? { code: 'save_failed', message: 'No subtitles were saved.' } };
      if (owner !== undefined) {
        for (const subtitle of saved) {
          services.library.addSubtitle({ postId: owner, path: subtitle.path, size: subtitle.size, languageTag: subtitle.languageTag, languageName: subtitle.languageName, format: subtitle.format });
        }
      }
      const paths = saved.map((subtitle) => subtitle.path);
      if (!embed) return { ok: true, value: { paths } };
      if (!video) return { ok: true, value: { paths, embedError: 'There is no downloaded video to embed into; the subtitle files are saved beside where it would be.' } };
      const ffmpeg = await services.ffmpeg();
      if (!ffmpeg.ok) return { ok: true, value: { paths, embedError: ffmpeg.error.message } };
      const embedded = await embedSubtitles({
        ffmpegPath: ffmpeg.value.path,
        videoPath: video,
        tracks: saved.map((subtitle) => ({ path: subtitle.path, languageTag: subtitle.languageTag, title: subtitle.languageName })),
      });
      if (!embedded.ok) return { ok: true, value: { paths, embedError: embedded.error.message } };
      if (videoFile) await rerecord(videoFile);
      return { ok: true, value: { paths, embeddedInto: embedded.value.videoPath } };
    },
  };
}
