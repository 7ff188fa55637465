import { ok } from '../../shared/errors';
import { normalizeCueText } from './cue-text';
import { finishCues, type DraftCue } from './finish-cues';
import { invalidSubtitles, type SubtitleParseResult } from './subtitle-error';
import { parseTtmlTime, ttmlTiming, type TtmlTiming } from './ttml-time';
import { isElement, parseXmlDocument, type XmlDocument, type XmlElement } from './xml-document';

interface Interval {
  startMs: number;
  endMs: number | undefined;
}

interface Walk {
  timing: TtmlTiming;
  drafts: DraftCue[];
}

type WalkFailure = { element: XmlElement; reason: string };

/**
 * TTML / DFXP / IMSC: every `<p>` in the body is a cue. Times nest: `begin` and `end` are
 * relative to the parent's begin (body and div may carry their own), `dur` is relative to
 * the element's begin, and a `<p>` without an end ends with its parent. A `<p>` without
 * timing whose spans are timed gives one cue per timed span. Whitespace is collapsed as
 * XML's default says (a line break in the source is a space; `<br/>` breaks a line)
 * unless `xml:space="preserve"`.
 */
export function parseTtml(source: string): SubtitleParseResult {
  const parsed = parseXmlDocument(source, 'ttml');
  if (!parsed.ok) return parsed;
  const { root, lineOf } = parsed.value;
  if (root.name !== 'tt') return invalidSubtitles('ttml', `expected a <tt> root element, found <${root.name}>`, lineOf(root));
  const timing = ttmlTiming(root.attrs);
  if (typeof timing === 'string') return invalidSubtitles('ttml', timing, lineOf(root));
  const walk: Walk = { timing, drafts: [] };
  const body = root.children.filter(isElement).find((child) => child.name === 'body');
  const failure = body && visit(body, { startMs: 0, endMs: undefined }, root.attrs.space === 'preserve', walk);
  if (failure) return fail(parsed.value, failure);
  return ok(finishCues(walk.drafts));
}

function visit(element: XmlElement, parent: Interval, preserve: boolean, walk: Walk): WalkFailure | undefined {
  const interval = intervalOf(element, parent, walk.timing);
  if (typeof interval === 'string') return { element, reason: interval };
  const keepSpace = spacePreserved(element, preserve);
  if (element.name === 'p') return visitParagraph(element, interval, keepSpace, walk);
  return firstFailure(element.children.filter(isElement), (child) => visit(child, interval, keepSpace, walk));
}

function visitParagraph(p: XmlElement, interval: Interval, preserve: boolean, walk: Walk): WalkFailure | undefined {
  const timedSpans = isTimed(p) ? [] : p.children.filter(isElement).filter((child) => child.name === 'span' && isTimed(child));
  if (timedSpans.length === 0) {
    walk.drafts.push({ ...interval, text: normalizeCueText(ttmlText(p, preserve)) });
    return undefined;
  }
  return firstFailure(timedSpans, (span) => {
    const spanInterval = intervalOf(span, interval, walk.timing);
    if (typeof spanInterval === 'string') return { element: span, reason: spanInterval };
    walk.drafts.push({ ...spanInterval, text: normalizeCueText(ttmlText(span, spacePreserved(span, preserve))) });
    return undefined;
  });
}

const spacePreserved = (element: XmlElement, inherited: boolean): boolean =>
  element.attrs.space === undefined ? inherited : element.attrs.space === 'preserve';

const isTimed = (element: XmlElement): boolean =>
  element.attrs.begin !== undefined || element.attrs.end !== undefined || element.attrs.dur !== undefined;

function firstFailure(elements: XmlElement[], step: (element: XmlElement) => WalkFailure | undefined): WalkFailure | undefined {
  for (const element of elements) {
    const failure = step(element);
    if (failure) return failure;
  }
  return undefined;
}

/** The element's interval: its own timing nested in the parent's, else the parent's. */
function intervalOf(element: XmlElement, parent: Interval, timing: TtmlTiming): Interval | string {
  if (!isTimed(element)) return parent;
  const times: Partial<Record<'begin' | 'end' | 'dur', number>> = {};
  for (const name of ['begin', 'end', 'dur'] as const) {
    const text = element.attrs[name];
    if (text === undefined) continue;
    const ms = parseTtmlTime(text, timing);
    if (ms === undefined) return `${name}="${text}" on <${element.name}> is not a TTML time expression`;
    times[name] = ms;
  }
  const startMs = parent.startMs + (times.begin ?? 0);
  const ends = [
    times.end === undefined ? undefined : parent.startMs + times.end,
    times.dur === undefined ? undefined : startMs + times.dur,
  ].filter((ms) => ms !== undefined);
  return { startMs, endMs: ends.length > 0 ? Math.min(...ends) : parent.endMs };
}

function ttmlText(element: XmlElement, preserve: boolean): string {
  return element.children
    .map((child) => {
      if (!isElement(child)) return preserve ? child.text : child.text.replace(/[ \t\r\n]+/g, ' ');
      if (child.name === 'br') return '\n';
      if (child.name === 'metadata') return '';
      return ttmlText(child, spacePreserved(child, preserve));
    })
    .join('');
}

function fail(document: XmlDocument, failure: WalkFailure): SubtitleParseResult {
  return invalidSubtitles('ttml', failure.reason, document.lineOf(failure.element));
}
