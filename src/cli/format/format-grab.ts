import type { GrabResult } from '../../shared/contract';
import { displayCaption } from '../../shared/display-caption';
import type { Media, PlaylistPage, Post, Variant } from '../../shared/post';
import { recommendedVariant } from '../../shared/variant-choice';
import { isSplitStream, qualityLabel } from '../../shared/variant-info';
import { formatBytes, formatDuration } from '../format-units';
import { knownProfileLines } from './format-revisit';

/** What `trove extract` prints for people: the post or page, then how it was paid for. */
export function grabLines(result: GrabResult, link: string): string[] {
  if (result.kind === 'duplicate') {
    return [
      `Already in the library as #${result.item.id}: ${result.item.caption}`,
      `  → \`trove library show ${result.item.id}\` shows it; add --force to ask the service again (charged).`,
    ];
  }
  if (result.kind === 'profile') return knownProfileLines(result, link);
  const charge = result.charged ? 'charged' : 'not charged (already extracted)';
  if (result.kind === 'post') return [...postLines(result.post), '', `(${charge})`];
  return [...pageLines(result.page, link), '', `(${charge})`];
}

export function postLines(post: Post): string[] {
  const author = post.author?.display_name ?? post.author?.username;
  const stats = [
    ...(post.stats?.view_count !== undefined ? [`${post.stats.view_count} views`] : []),
    ...(post.stats?.like_count !== undefined ? [`${post.stats.like_count} likes`] : []),
  ];
  return [
    displayCaption(post) || '(no caption)',
    ...(post.title !== undefined && post.text !== undefined ? [post.text] : []),
    ...(author !== undefined ? [`by ${author}${post.author?.username !== undefined ? ` (@${post.author.username})` : ''}`] : []),
    ...(post.site !== undefined ? [`site: ${post.site}${post.id !== undefined ? `, id ${post.id}` : ''}`] : []),
    ...(post.created_at !== undefined ? [`posted: ${post.created_at}`] : []),
    ...(stats.length > 0 ? [stats.join(', ')] : []),
    ...(post.post_url !== undefined ? [`link: ${post.post_url}`] : []),
    ...post.medias.flatMap((media, index) => mediaLines(media, index)),
  ];
}

function mediaLines(media: Media, index: number): string[] {
  const duration = media.duration !== undefined ? ` ${formatDuration(media.duration)}` : '';
  const recommended = recommendedVariant(media);
  return [
    `media ${index + 1}: ${media.media_type}${duration}${media.headers !== undefined ? ' (needs request headers)' : ''}`,
    ...(media.variants ?? []).map((variant) => `  ${variantLine(variant)}${variant === recommended ? '  ← recommended' : ''}`),
  ];
}

function variantLine(variant: Variant): string {
  const language = variant.language_name ?? variant.language_tag;
  const size = (variant.video_filesize ?? 0) + (variant.audio_filesize ?? 0);
  const codecs = [variant.video_codec, variant.audio_codec].filter((codec) => codec !== undefined).join('+');
  return [
    qualityLabel(variant),
    ...(language !== undefined ? [language] : []),
    ...(codecs !== '' ? [codecs] : []),
    ...(size > 0 ? [formatBytes(size)] : []),
    ...(isSplitStream(variant) ? ['video+audio, merged'] : []),
  ].join('  ');
}

function pageLines(page: PlaylistPage, link: string): string[] {
  const profile = page.profile;
  const name = profile?.display_name ?? profile?.username;
  return [
    ...(name !== undefined ? [`${name}${profile?.post_count !== undefined ? ` — ${profile.post_count} posts` : ''}`] : []),
    ...page.posts.map((post, index) => `${String(index + 1).padStart(3)}. ${displayCaption(post) || '(no caption)'}${post.post_url !== undefined ? `  ${post.post_url}` : ''}`),
    page.has_more ? `next page: trove extract ${shellQuote(link)} --cursor ${shellQuote(page.next_cursor)}` : '(last page)',
  ];
}

/** POSIX single quotes, so a printed command can be pasted back as it is. */
const shellQuote = (text: string): string => `'${text.replaceAll("'", "'\\''")}'`;
