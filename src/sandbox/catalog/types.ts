import type { ApiErrorCode } from '../../shared/error-codes';
import type { Post, Profile } from '../../shared/post';
import type { SubtitleResult } from '../../shared/subtitles';
import type { SampleName } from '../media/samples';

/** What the catalog needs from the running sandbox to describe media. */
export interface CatalogContext {
  /** A signed, expiring URL for a media path relative to /media/; guarded ones demand headers. */
  mediaUrl(path: string, guarded?: boolean): string;
  sampleSize(name: SampleName): number;
  /** Counts calls per key (1 on the first): how flaky links know when to succeed. */
  attempt(key: string): number;
  /** When each post added to a list since start was published (`addPosts`), oldest first; none for most lists. */
  addedPosts(list: string): readonly number[];
  /** Whether subtitles are refused on this host (the `subtitlesRefusedOn` option). */
  subtitlesRefused(host: string): boolean;
}

/** A paged list of posts: a profile, channel or playlist. */
export interface PlaylistSource {
  site: string;
  profile: Profile;
  total: number;
  postAt(index: number): Post;
}

export type Found = { kind: 'post'; post: Post } | { kind: 'playlist'; playlist: PlaylistSource };

/**
 * One fake platform. `find` and `subtitles` answer what a link names, an error code for a
 * link that triggers one, or undefined when the site has no such page (unsupported_url).
 */
export interface SiteHandler {
  host: string;
  find(url: URL, ctx: CatalogContext): Found | ApiErrorCode | undefined;
  /** Absent: the site has no subtitles (unsupported_site). */
  subtitles?(url: URL, ctx: CatalogContext): SubtitleResult | ApiErrorCode | undefined;
}

/** Post and playlist ids in links: any [A-Za-z0-9_-]+. */
export const ID = '[A-Za-z0-9_-]+';
