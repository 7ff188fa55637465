import { foldText } from '../../../shared/fold-text';
import type { TextMark } from '../../../shared/said';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Where the patterns match a cue's text, as ranges of the text itself. The text is folded one
 * character at a time, as the index folded it, remembering where each folded character came
 * from, so "Café" is marked whole when "cafe" matched. Overlapping ranges are merged.
 */
export function textMarks(text: string, patterns: readonly RegExp[]): TextMark[] {
  let folded = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const { segment, index } of graphemes.segment(text)) {
    // a line break inside CJK folds to nothing in the index; here it stays, and the CJK patterns skip it
    const piece = segment === '\n' ? '\n' : foldText(segment);
    for (let at = 0; at < piece.length; at += 1) {
      from.push(index);
      to.push(index + segment.length);
    }
    folded += piece;
  }
  const ranges: TextMark[] = [];
  for (const pattern of patterns) {
    for (const match of folded.matchAll(pattern)) {
      if (match[0] === '') continue;
      const start = from[match.index];
      const end = to[match.index + match[0].length - 1];
      if (start !== undefined && end !== undefined) ranges.push({ start, end });
    }
  }
  ranges.sort((a, b) => a.start - b.start || a.end - b.end);
  return ranges.reduce<TextMark[]>((merged, range) => {
    const previous = merged.at(-1);
    if (previous && range.start <= previous.end) merged[merged.length - 1] = { start: previous.start, end: Math.max(previous.end, range.end) };
    else merged.push(range);
    return merged;
  }, []);
}
