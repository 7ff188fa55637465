import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorInfo, Result } from '../../shared/errors';
import { ok } from '../../shared/errors';
import type { Media, MediaType, Post } from '../../shared/post';
import type { FileRecord, LibraryStore, SubtitleRecord, ThumbnailCache } from '../library';
import { linkKey } from '../library';
import type { FoundFile } from './file-facts';
import type { ReadOutcome } from './read-found-files';
import { readMediaFiles, readSidecarFile } from './read-found-files';
import { readCovers } from './read-container';
import { scanFolders, subtitleKey, type SubtitleBeside } from './scan-folders';

export interface RebuildDeps {
  library: Pick<LibraryStore, 'findExisting' | 'upsertPosts' | 'getPost' | 'addFile' | 'addSubtitle' | 'moveFile' | 'listAllFiles'>;
  thumbnails: Pick<ThumbnailCache, 'keep'>;
  /** Asked only when there are video or audio files to read. */
  ffmpegPath(): Promise<Result<string, ErrorInfo>>;
}

export interface RebuildProgress {
  /** Files read so far, of `total` (video, audio and sidecars: the ones that need reading). */
  done: number;
  total: number;
}

export interface RebuildReport {
  folders: string[];
  /** Posts that were not in the library and are now. */
  postsAdded: number;
  /** Posts already in the library that files were found for. */
  postsFound: number;
  filesAdded: number;
  /** Files the library knew under another path (moved or renamed), found again by their link. */
  filesMoved: number;
  subtitlesAdded: number;
  /** Files the library records under these folders that are not there: kept, shown as missing. */
  missing: string[];
  /** Files Trove did not write (no link and site in their tags, no sidecar of Trove's): listed, not guessed at. */
  notTrove: string[];
  /** Files or folders that could not be read, and why. */
  unreadable: Array<{ path: string; message: string }>;
  /** Stopped by the user: what was read before is recorded, the rest was not read (a next run reads it). */
  stopped?: true;
}

const isoDay = (date: string | undefined): string | undefined => (date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : undefined);

const within = (file: string, folders: readonly string[]): boolean =>
  folders.some((folder) => file === folder || file.startsWith(folder.endsWith(path.sep) ? folder : `${folder}${path.sep}`));

/**
 * Rebuilds the library from the files in the folders: the post of every file Trove wrote
 * (found by the link in its tags or sidecar), its media items, files, the subtitles named
 * after its video, and its cover as the preview. Nothing is asked of the service. What is
 * already recorded is left as it is, so a second run adds nothing; a recorded file that is
 * gone is found again by its post's link when it was moved, and is reported missing if not.
 */
export async function rebuildLibrary(
  deps: RebuildDeps,
  request: { folders: readonly string[]; onProgress?: (progress: RebuildProgress) => void; signal?: AbortSignal },
): Promise<Result<RebuildReport, ErrorInfo>> {
  const folders = request.folders.map((folder) => path.resolve(folder));
  const { scanned, unreadable: unreadableFolders } = await scanFolders(folders);
  const report: RebuildReport = {
    folders,
    postsAdded: 0,
    postsFound: 0,
    filesAdded: 0,
    filesMoved: 0,
    subtitlesAdded: 0,
    missing: [],
    notTrove: [],
    unreadable: unreadableFolders.map((folder) => ({ path: folder, message: 'This folder cannot be read.' })),
  };
  let ffmpegPath: string | undefined;
  if (scanned.media.length > 0) {
    const found = await deps.ffmpegPath();
    if (!found.ok) return found;
    ffmpegPath = found.value;
  }

  // Video and audio in batches (one ffmpeg for many files), then the sidecars.
  const total = scanned.media.length + scanned.sidecars.length;
  let done = 0;
  const step = (more: number): void => {
    done += more;
    request.onProgress?.({ done, total });
  };
  step(0);
  const outcomes: Array<ReadOutcome & { claims?: string }> = await readMediaFiles(ffmpegPath ?? '', scanned.media, { ...(request.signal ? { signal: request.signal } : {}), onBatch: step });
  for (const sidecar of scanned.sidecars) {
    if (request.signal?.aborted) break;
    outcomes.push(await readSidecarFile(sidecar));
    step(1);
  }
  // Stopped: what was read is still recorded below (never lost to the stop); the lists that
  // need every file read (not Trove's, subtitles left over) are left out rather than wrong.
  const stopped = request.signal?.aborted === true;
  if (stopped) report.stopped = true;

  const claimed = new Set(outcomes.flatMap((outcome) => (outcome.claims ? [outcome.claims] : [])));
  const posts = new Map<string, FoundFile[]>();
  for (const outcome of outcomes) {
    if ('found' in outcome) {
      const key = linkKey(outcome.found.facts.link);
      posts.set(key, [...(posts.get(key) ?? []), outcome.found]);
    } else if ('notTrove' in outcome) report.notTrove.push(outcome.notTrove);
    else report.unreadable.push({ path: outcome.unreadable, message: outcome.message });
  }
  if (!stopped) report.notTrove.push(...scanned.others.filter((file) => !claimed.has(file)));

  const recorded = deps.library.listAllFiles();
  if (!recorded.ok) return recorded;
  const knownPaths = new Set(recorded.value.map((file) => file.path));
  const plans: PostPlan[] = [];
  for (const files of posts.values()) {
    const placed = placeFiles(files);
    const existing = deps.library.findExisting({ postUrl: placed[0]?.file.facts.link ?? '' });
    if (!existing.ok) return existing;
    plans.push({ placed, existingId: existing.value?.post.id });
  }
  // Not stopped by the signal: the covers of the posts read so far are few, and a post recorded
  // without its cover would keep none (a next run finds it in the library and reads no cover).
  const covers = await coversOfNewPosts(ffmpegPath, plans);
  const usedSubtitles = new Set<string>();
  for (const plan of plans) {
    const written = await recordPost(deps, plan, covers, knownPaths, scanned.subtitles, usedSubtitles, report);
    if (!written.ok) return written;
  }
  for (const subtitles of stopped ? [] : scanned.subtitles.values()) {
    report.notTrove.push(...subtitles.filter((subtitle) => !usedSubtitles.has(subtitle.path)).map((subtitle) => subtitle.path));
  }
  const after = deps.library.listAllFiles();
  if (!after.ok) return after;
  report.missing = after.value.filter((file) => within(file.path, folders) && !existsSync(file.path)).map((file) => file.path);
  report.notTrove.sort();
  return ok(report);
}

/** Each file's media index: its own when it says, else the next free one (files of an older Trove). */
function placeFiles(files: readonly FoundFile[]): Array<{ file: FoundFile; index: number }> {
  const taken = new Set(files.flatMap((file) => (file.facts.mediaIndex === undefined ? [] : [file.facts.mediaIndex])));
  let free = 0;
  const placed: Array<{ file: FoundFile; index: number }> = [];
  const seen = new Set<number>();
  for (const file of [...files].sort((a, b) => (a.facts.mediaIndex ?? Infinity) - (b.facts.mediaIndex ?? Infinity) || a.path.localeCompare(b.path))) {
    let index = file.facts.mediaIndex;
    // Two files claiming one place (a copy of a file): the copy takes a free one.
    if (index === undefined || seen.has(index)) {
      while (taken.has(free) || seen.has(free)) free += 1;
      index = free;
    }
    seen.add(index);
    placed.push({ file, index });
  }
  return placed;
}

/** The post as its files describe it; items whose files are not here are plain files until a download says more. */
function postOf(placed: ReadonlyArray<{ file: FoundFile; index: number }>): Post {
  const first = placed[0]?.file.facts;
  const count = Math.max(...placed.map(({ file, index }) => Math.max(file.facts.mediaCount ?? 0, index + 1)));
  const types = new Map<number, MediaType>(placed.map(({ file, index }) => [index, file.mediaType]));
  const medias: Media[] = Array.from({ length: count }, (_item, index) => ({ media_type: types.get(index) ?? 'file', resource_url: '' }));
  const facts = placed.map(({ file }) => file.facts);
  const pick = <K extends keyof FoundFile['facts']>(key: K) => facts.find((fact) => fact[key] !== undefined)?.[key];
  const artist = pick('artist') as string | undefined;
  const title = pick('title') as string | undefined;
  const text = pick('description') as string | undefined;
  const createdAt = isoDay(pick('date') as string | undefined);
  return {
    site: first?.site,
    post_url: first?.link,
    ...(title ? { title } : {}),
    ...(text ? { text } : {}),
    ...(artist ? { author: { display_name: artist } } : {}),
    ...(createdAt ? { created_at: createdAt } : {}),
    medias,
  };
}

/** One post's files in their places, and the post's id when it is already in the library. */
interface PostPlan {
  placed: Array<{ file: FoundFile; index: number }>;
  existingId: number | undefined;
}

/** As the thumbnail cache takes them: a larger image gets no preview (the file itself is still recorded). */
const MAX_PREVIEW_BYTES = 10 * 1024 * 1024;

/** The pictures that become the previews of posts new to the library, by file: covers read out in batches, images as they are. */
async function coversOfNewPosts(ffmpegPath: string | undefined, plans: readonly PostPlan[]): Promise<Map<string, Uint8Array>> {
  const files = plans.filter((plan) => plan.existingId === undefined).flatMap((plan) => plan.placed.map(({ file }) => file));
  const covers = new Map<string, Uint8Array>();
  const inside = files.flatMap((file) => (file.coverStream === undefined ? [] : [{ file: file.path, stream: file.coverStream }]));
  if (ffmpegPath && inside.length > 0) {
    const read = await readCovers(ffmpegPath, inside);
    inside.forEach((cover, at) => {
      const bytes = read[at];
      if (bytes) covers.set(cover.file, bytes);
    });
  }
  for (const file of files) {
    if (file.mediaType !== 'image' || file.size > MAX_PREVIEW_BYTES) continue;
    const bytes = await readFile(file.path).catch(() => undefined);
    if (bytes) covers.set(file.path, new Uint8Array(bytes));
  }
  return covers;
}

async function recordPost(
  deps: RebuildDeps,
  { placed, existingId }: PostPlan,
  covers: ReadonlyMap<string, Uint8Array>,
  knownPaths: Set<string>,
  subtitlesBeside: ReadonlyMap<string, SubtitleBeside[]>,
  usedSubtitles: Set<string>,
  report: RebuildReport,
): Promise<Result<void, ErrorInfo>> {
  let postId: number;
  let before: { files: FileRecord[]; subtitles: SubtitleRecord[] } = { files: [], subtitles: [] };
  if (existingId !== undefined) {
    postId = existingId;
    report.postsFound += 1;
    const detail = deps.library.getPost(postId);
    if (!detail.ok) return detail;
    before = { files: detail.value?.files ?? [], subtitles: detail.value?.subtitles ?? [] };
  } else {
    // A post new to the library: its covers become its previews (an image is its own).
    const previews: Array<{ previewPath?: string }> = [];
    for (const { file, index } of placed) {
      const bytes = covers.get(file.path);
      const kept = bytes ? await deps.thumbnails.keep(bytes) : undefined;
      if (kept?.ok) previews[index] = { previewPath: kept.value.path };
    }
    const upserted = deps.library.upsertPosts([{ post: postOf(placed), media: previews }]);
    if (!upserted.ok) return upserted;
    postId = upserted.value[0]?.id ?? 0;
    report.postsAdded += 1;
  }

  const gone = (record: { path: string }): boolean => !existsSync(record.path);
  for (const { file, index } of placed) {
    if (!knownPaths.has(file.path)) {
      // A record of this item whose file is gone is this file, moved or renamed.
      const moved = before.files.find((record) => record.mediaIndex === index && record.kind === file.mediaType && gone(record));
      const written = moved
        ? deps.library.moveFile(moved.id, { path: file.path, size: file.size })
        : deps.library.addFile({ postId, mediaIndex: index, path: file.path, size: file.size, kind: file.mediaType, ...(file.codecs ? { codecs: file.codecs } : {}) });
      if (!written.ok) return written;
      knownPaths.add(file.path);
      if (moved) report.filesMoved += 1;
      else report.filesAdded += 1;
    }
    if (file.mediaType !== 'video') continue;
    const stem = path.basename(file.path, path.extname(file.path));
    for (const subtitle of subtitlesBeside.get(subtitleKey(path.dirname(file.path), stem)) ?? []) {
      usedSubtitles.add(subtitle.path);
      if (knownPaths.has(subtitle.path)) continue;
      const { size } = await stat(subtitle.path);
      const moved = before.subtitles.find((record) => record.languageTag === subtitle.languageTag && record.format === subtitle.format && gone(record));
      const written = moved
        ? deps.library.moveFile(moved.fileId, { path: subtitle.path, size })
        : deps.library.addSubtitle({ postId, path: subtitle.path, size, languageTag: subtitle.languageTag, format: subtitle.format });
      if (!written.ok) return written;
      knownPaths.add(subtitle.path);
      if (moved) report.filesMoved += 1;
      else report.subtitlesAdded += 1;
    }
  }
  return ok(undefined);
}
