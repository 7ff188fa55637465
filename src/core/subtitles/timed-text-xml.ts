import type { SubtitleFormat } from '../../shared/subtitles';
import { ok } from '../../shared/errors';
import { finishCues, type DraftCue } from './finish-cues';
import { invalidSubtitles, type SubtitleParseResult } from './subtitle-error';
import { descendants, parseXmlDocument, type XmlElement } from './xml-document';

/** How one of YouTube's timed-text XML variants (srv1, srv2, srv3) lays out its cues. */
export interface TimedTextLayout {
  format: SubtitleFormat;
  root: string;
  /** The element of one cue, found at any depth below the root. */
  cue: string;
  start: string;
  duration: string;
  /** Milliseconds per unit of the start and duration attributes. */
  unitMs: number;
  text: (cue: XmlElement) => string;
}

const NUMBER = /^\s*\d+(?:\.\d+)?\s*$/;

/** A cue must have a start; one without a duration lasts until the next cue starts. */
export function parseTimedTextXml(source: string, layout: TimedTextLayout): SubtitleParseResult {
  const parsed = parseXmlDocument(source, layout.format);
  if (!parsed.ok) return parsed;
  const { root, lineOf } = parsed.value;
  if (root.name !== layout.root) {
    return invalidSubtitles(layout.format, `expected a <${layout.root}> root element, found <${root.name}>`, lineOf(root));
  }
  const drafts: DraftCue[] = [];
  for (const cue of descendants(root, layout.cue)) {
    const start = cue.attrs[layout.start];
    const duration = cue.attrs[layout.duration];
    if (start === undefined) {
      return invalidSubtitles(layout.format, `<${layout.cue}> has no ${layout.start} attribute`, lineOf(cue));
    }
    const bad = [start, duration].find((value) => value !== undefined && !NUMBER.test(value));
    if (bad !== undefined) {
      return invalidSubtitles(layout.format, `"${bad}" on <${layout.cue}> is not a number`, lineOf(cue));
    }
    const startMs = Number(start) * layout.unitMs;
    const endMs = duration === undefined ? undefined : startMs + Number(duration) * layout.unitMs;
    drafts.push({ startMs, endMs, text: layout.text(cue) });
  }
  return ok(finishCues(drafts));
}
