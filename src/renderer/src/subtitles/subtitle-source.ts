/** What the Subtitles screen shows, from its route: #/subtitles/post/12[/en] or #/subtitles/link/<url>. */
export type SubtitleSource = { kind: 'none' } | { kind: 'link'; url: string } | { kind: 'post'; postId: number; languageTag?: string };

export function subtitleSource(params: readonly string[]): SubtitleSource {
  const [kind, value, language] = params;
  if (kind === 'post' && value !== undefined && /^\d+$/.test(value)) {
    return { kind: 'post', postId: Number(value), ...(language ? { languageTag: language } : {}) };
  }
  if (kind === 'link' && value) return { kind: 'link', url: value };
  return { kind: 'none' };
}
