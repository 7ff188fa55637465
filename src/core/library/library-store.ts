import { z } from 'zod';
import type { Result } from '../../shared/errors';
import { err, failWith, ok } from '../../shared/errors';
import type { LibraryChange } from '../../shared/library';
import type { Db } from '../db';
import { createExistingLookup } from './posts/find-existing';
import { createFileStore } from './files/file-store';
import type {
  ExistingPost,
  ExistingQuery,
  FileInput,
  FileRecord,
  LibraryPostDetail,
  MediaLocal,
  PostRecordInput,
  ProfileInput,
  ProfileRecord,
  RemovePostInput,
  SubtitleInput,
  SubtitleRecord,
  UpsertOutcome,
} from './library-types';
import {
  existingQuerySchema,
  fileInputSchema,
  fileMoveSchema,
  mediaLocalSchema,
  profileInputSchema,
  removePostInputSchema,
  subtitleInputSchema,
} from './library-types';
import { parseInput } from '../../shared/parse-input';
import { createPostReader } from './posts/post-reader';
import { createFileDisposer, createPostRemover } from './posts/remove-post';
import type { RemovalReport } from './posts/remove-post';
import { createPostWriter } from './posts/post-writer';
import { createProfileStore } from './profiles/profile-store';
import { decodeCursor } from './search/search-cursor';
import type { SearchPostsInput } from './search/search-input';
import { searchPostsInputSchema } from './search/search-input';
import type { SearchPage } from './search/search-posts';
import { createPostSearch } from './search/search-posts';
import { linkKey } from './posts/link-key';
import { guardDb } from '../db';
import { createSubtitleStore } from './files/subtitle-store';
import { releaseThumbnails } from './thumbnails/thumbnail-claims';
import { createChangeLog } from './changes/change-log';
import { readSubtitleCues } from '../subtitles';
import type { SaidQuery, SaidResult } from '../../shared/said';
import { saidQuerySchema } from '../../shared/said';
import { createSaidSearch } from './said/search-said';

const postIdSchema = z.number().int().positive();
const fileIdSchema = z.number().int().positive();

export interface LibraryStoreOptions {
  readonly now: () => number;
  /** Told after each write that changed the library (its change is then in the log). */
  readonly onChange?: () => void;
}

const notFound = (what: string, id: number): Result<never> => failWith('not_found', `There is no ${what} ${id} in the library.`);

/** An update that touched no row means the thing it names does not exist. */
const changed = (done: Result<boolean>, what: string, id: number): Result<void> => {
  if (!done.ok) return done;
  return done.value ? ok(undefined) : notFound(what, id);
};

/**
 * The library's typed methods over one connection. Every method returns a Result: bad
 * input and SQLite's expected failures (busy, disk full, constraint) come back as data.
 */
export function createLibraryStore(db: Db, { now, onChange }: LibraryStoreOptions) {
  const files = createFileStore(db, now);
  const subtitles = createSubtitleStore(db, files);
  const writer = createPostWriter(db, now);
  const reader = createPostReader(db, files, subtitles);
  const lookup = createExistingLookup(db);
  const search = createPostSearch(db);
  const said = createSaidSearch(db);
  const remove = createPostRemover(db);
  const disposeFiles = createFileDisposer(db);
  const profiles = createProfileStore(db, now);
  const logChange = createChangeLog(db, now);
  /** Runs a write and logs what it changed in one transaction; the change is announced once it committed. */
  const logged = <T>(write: () => T, changeOf: (written: T) => Partial<LibraryChange> | undefined): Result<T> => {
    const done = guardDb(
      db.transaction(() => {
        const written = write();
        const change = changeOf(written);
        if (change) logChange(change);
        return written;
      }),
    );
    if (done.ok) onChange?.();
    return done;
  };

  const withPost = <T>(postId: number, run: () => T): Result<T> => {
    const id = parseInput(postIdSchema, postId, 'post id');
    return id.ok ? guardDb(run) : id;
  };

  return {
    /** Add or merge posts from the normalized model, all in one transaction (a page, or a bulk import). */
    upsertPosts(inputs: readonly PostRecordInput[]): Result<UpsertOutcome[]> {
      const written = logged(
        () => writer.upsertPosts(inputs),
        (outcomes) => ({
          added: outcomes.filter((outcome) => outcome.created).map((outcome) => outcome.id),
          updated: outcomes.filter((outcome) => !outcome.created).map((outcome) => outcome.id),
        }),
      );
      if (written.ok) releaseThumbnails(db, inputs.flatMap((input) => [input.avatarPath, ...(input.media ?? []).map((media) => media?.previewPath)]));
      return written;
    },

    /** Record a media item's cached preview or chosen variant. */
    setMediaLocal(postId: number, mediaIndex: number, local: MediaLocal): Result<void> {
      const input = parseInput(mediaLocalSchema, local, 'media details');
      if (!input.ok) return input;
      const written = logged(
        () => writer.setMediaLocal(postId, mediaIndex, input.value),
        (found) => (found ? { updated: [postId] } : undefined),
      );
      const done = changed(written, `media item ${mediaIndex} of post`, postId);
      if (done.ok) releaseThumbnails(db, [input.value.previewPath]);
      return done;
    },

    getPost: (postId: number): Result<LibraryPostDetail | null> => withPost(postId, () => reader.getPost(postId)),

    /** Before any charged call: is this post (same site + id, else same link) already here? */
    findExisting(query: ExistingQuery): Result<ExistingPost | null> {
      const input = parseInput(existingQuerySchema, query, 'duplicate query');
      if (!input.ok) return input;
      return guardDb(() => {
        const { postUrl } = input.value;
        const match = lookup({ site: input.value.site, id: input.value.id, linkKeys: postUrl === undefined ? [] : [linkKey(postUrl)] });
        const post = match ? reader.getSummary(match.id) : null;
        return match && post ? { post, matchedBy: match.matchedBy } : null;
      });
    },

    searchPosts(query: SearchPostsInput): Result<SearchPage> {
      const input = parseInput(searchPostsInputSchema, query, 'library search');
      if (!input.ok) return input;
      const after = input.value.cursor === undefined ? undefined : decodeCursor(input.value.cursor, input.value);
      if (input.value.cursor !== undefined && !after) {
        return err({ code: 'invalid_cursor', retryable: false, message: 'This page cursor is damaged or belongs to another sort order.' });
      }
      return guardDb(() => search(input.value, after));
    },

    addFile(file: FileInput): Result<FileRecord> {
      const input = parseInput(fileInputSchema, file, 'file record');
      return input.ok ? logged(() => files.addFile(input.value), (record) => ({ files: [record.postId] })) : input;
    },
    listFiles: (postId: number): Result<FileRecord[]> => withPost(postId, () => files.listFiles(postId)),
    listAllFiles: (): Result<FileRecord[]> => guardDb(() => files.listAllFiles()),
    /** Point a file's record at where the file is now (found again by a rebuild). */
    moveFile(fileId: number, move: { path: string; size: number }): Result<FileRecord> {
      const input = parseInput(fileMoveSchema, move, 'file move');
      if (!input.ok) return input;
      const moved = logged(() => files.moveFile(fileId, input.value.path, input.value.size), (record) => (record ? { files: [record.postId] } : undefined));
      if (!moved.ok) return moved;
      return moved.value ? ok(moved.value) : notFound('file', fileId);
    },

    /** Record a saved track; its file is read and its cues indexed in the same transaction as the record. */
    addSubtitle(subtitle: SubtitleInput): Result<SubtitleRecord> {
      const input = parseInput(subtitleInputSchema, subtitle, 'subtitle record');
      if (!input.ok) return input;
      const cues = readSubtitleCues(input.value.path, input.value.format);
      return logged(() => subtitles.addSubtitle(input.value, cues), (record) => ({ subtitles: [record.postId] }));
    },
    listSubtitles: (postId: number): Result<SubtitleRecord[]> => withPost(postId, () => subtitles.listSubtitles(postId)),
    /** Forget a saved track (its file on disk is the caller's); its cues leave the said index with it. */
    removeSubtitle(fileId: number): Result<SubtitleRecord> {
      const id = parseInput(fileIdSchema, fileId, 'subtitle file id');
      if (!id.ok) return id;
      const removed = logged(() => subtitles.removeSubtitle(fileId), (record) => record && { subtitles: [record.postId] });
      if (!removed.ok) return removed;
      return removed.value ? ok(removed.value) : notFound('subtitle file', fileId);
    },

    /** What was said: matching cues of the saved subtitles, best first. */
    searchSaid(query: SaidQuery): Result<SaidResult> {
      const input = parseInput(saidQuerySchema, query, 'search of what was said');
      return input.ok ? guardDb(() => said(input.value)) : input;
    },

    /** Remove a post's records, and its files on disk when asked; what happened to each file is reported. */
    async removePost(request: RemovePostInput): Promise<Result<RemovalReport>> {
      const input = parseInput(removePostInputSchema, request, 'removal');
      if (!input.ok) return input;
      const { id, deleteFiles } = input.value;
      const removed = logged(
        () => remove(id),
        (found) => (found ? { removed: [id] } : undefined),
      );
      if (!removed.ok) return removed;
      if (!removed.value) return notFound('post', id);
      return ok(await disposeFiles(removed.value, deleteFiles));
    },

    upsertProfile(profile: ProfileInput): Result<ProfileRecord> {
      const input = parseInput(profileInputSchema, profile, 'profile');
      if (!input.ok) return input;
      const written = guardDb(() => profiles.upsertProfile(input.value));
      if (written.ok) releaseThumbnails(db, [input.value.avatarPath]);
      return written;
    },
    getProfile: (url: string): Result<ProfileRecord | null> => guardDb(() => profiles.getProfile(url)),
    listProfiles: (): Result<ProfileRecord[]> => guardDb(() => profiles.listProfiles()),
    /** Checkpoint the next page's cursor (null: from the start) after every stored page. */
    checkpointProfile: (profileId: number, cursor: string | null): Result<void> =>
      changed(guardDb(() => profiles.checkpointProfile(profileId, cursor)), 'profile', profileId),
    markProfileSynced: (profileId: number): Result<void> =>
      changed(guardDb(() => profiles.markProfileSynced(profileId)), 'profile', profileId),
  };
}

export type LibraryStore = ReturnType<typeof createLibraryStore>;
