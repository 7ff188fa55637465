import { errorInfoOf } from '../../shared/errors';
import type { GrabResult } from '../../shared/contract';
import type { ErrorInfo, Result } from '../../shared/errors';
import { guessLinkKind, parseLink } from '../../shared/links';
import type { ApiError } from '../api';
import type { CoreServices } from '../core-services';
import type { Resolution, ReusedAnswer } from '../jobs';
import { toLibraryItem } from '../library';
import type { HandlerDeps, HandlerGroup } from './handler-types';
import { libraryIdOfPost } from './library-id-of';
import { knownProfile, rememberProfile } from './known-profile';

/** Codes that mean "wrong endpoint for this link": both answers are free 400s. */
const TRY_OTHER_ENDPOINT = new Set(['unsupported_url', 'playlist_not_supported', 'invalid_playlist_url']);

/** An earlier preview shown again: a fresh resolution id for the download, nothing charged. */
function reusedPost(services: CoreServices, { resolution, answeredAt }: ReusedAnswer & { resolution: { kind: 'post' } }): GrabResult {
  const libraryId = libraryIdOfPost(services, resolution.post);
  const resolutionId = services.resolutions.put({ ...resolution, charged: false });
  return { kind: 'post', resolutionId, post: resolution.post, charged: false, reusedFrom: answeredAt, ...(libraryId ? { libraryId } : {}) };
}

async function resolveAs(services: CoreServices, kind: 'post' | 'playlist', link: string, cursor: string | undefined): Promise<Result<GrabResult, ApiError>> {
  const client = services.client();
  if (kind === 'post') {
    const answer = await client.extractPost(link);
    if (!answer.ok) return answer;
    const post = answer.value;
    const libraryId = libraryIdOfPost(services, post);
    const resolution = { kind: 'post', url: link, post, charged: answer.charged } as const;
    if (answer.charged) services.answers.remember(resolution);
    const resolutionId = services.resolutions.put(resolution);
    return { ok: true, value: { kind: 'post', resolutionId, post, charged: answer.charged, ...(libraryId ? { libraryId } : {}) } };
  }
  const answer = await client.extractPlaylist(link, cursor);
  if (!answer.ok) return answer;
  const resolution = { kind: 'playlist', url: link, ...(cursor === undefined ? {} : { cursor }), page: answer.value, charged: answer.charged } as const;
  if (answer.charged) services.answers.remember(resolution);
  if (cursor === undefined) rememberProfile(services, link, answer.value);
  return { ok: true, value: pageResult(services, resolution) };
}

/** A page of a profile, with the posts of it already in the library; `answeredAt` when it is an earlier answer shown again free. */
function pageResult(services: CoreServices, resolution: Extract<Resolution, { kind: 'playlist' }>, answeredAt?: number): GrabResult {
  const inLibrary: Record<string, number> = {};
  resolution.page.posts.forEach((post, index) => {
    const id = libraryIdOfPost(services, post);
    if (id !== undefined) inLibrary[String(index)] = id;
  });
  const charged = answeredAt === undefined && resolution.charged;
  const resolutionId = services.resolutions.put({ ...resolution, charged });
  return { kind: 'playlist', resolutionId, page: resolution.page, charged, inLibrary, ...(answeredAt === undefined ? {} : { reusedFrom: answeredAt }) };
}

export function grabCommands({ services }: HandlerDeps): HandlerGroup<'grab.resolve'> {
  return {
    async 'grab.resolve'({ url, cursor, force, recheck }): Promise<Result<GrabResult, ErrorInfo>> {
      const link = parseLink(url);
      if (!link.ok) return link;
      // Before any charged call: a link already in the library costs nothing.
      if (!force && cursor === undefined) {
        const known = services.library.findExisting({ postUrl: link.value });
        if (known.ok && known.value) return { ok: true, value: { kind: 'duplicate', item: toLibraryItem(known.value.post) } };
      }
      // A post previewed moments ago is shown again free, unless the user asks again on purpose.
      const earlier = !recheck && cursor === undefined ? services.answers.recall('post', link.value) : undefined;
      if (earlier) return { ok: true, value: reusedPost(services, earlier) };
      // So is a page of a profile bought moments ago (Load more, or a re-opened profile).
      const earlierPage = recheck ? undefined : services.answers.recall('playlist', link.value, cursor);
      if (earlierPage) return { ok: true, value: pageResult(services, earlierPage.resolution, earlierPage.answeredAt) };
      // A profile seen before starts from the library, free; its first page is a separate, priced step (`recheck`).
      const seen = recheck || cursor !== undefined ? undefined : knownProfile(services, link.value);
      if (seen) return { ok: true, value: seen };
      const guess = cursor !== undefined ? 'playlist' : guessLinkKind(link.value);
      const order: Array<'post' | 'playlist'> = cursor !== undefined ? ['playlist'] : guess === 'playlist' ? ['playlist', 'post'] : ['post', 'playlist'];
      let failure: ApiError | undefined;
      for (const kind of order) {
        const resolved = await resolveAs(services, kind, link.value, cursor);
        if (resolved.ok) return resolved;
        failure = resolved.error;
        if (!TRY_OTHER_ENDPOINT.has(failure.code)) break;
      }
      return { ok: false, error: errorInfoOf(failure as ApiError) };
    },
  };
}
