import type { Cue } from '../../../shared/subtitles';
import { escapeXml } from './timestamps';

/*
 * YouTube's three timed-text XML generations: srv1 (<transcript>, seconds), srv2
 * (<timedtext>, <text t d> in ms) and srv3 (<timedtext format="3">, <p t d> in ms).
 */

/** srv1 text is HTML-escaped before the XML layer escapes it again, as YouTube serves it. */
const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const XML_HEAD = '<?xml version="1.0" encoding="utf-8" ?>';
const seconds = (ms: number): string => String(ms / 1_000);

export const toSrv1 = (cues: readonly Cue[]): string =>
  `${XML_HEAD}<transcript>${cues
    .map((c) => `<text start="${seconds(c.startMs)}" dur="${seconds(c.endMs - c.startMs)}">${escapeXml(escapeHtml(c.text))}</text>`)
    .join('')}</transcript>`;

export const toSrv2 = (cues: readonly Cue[]): string =>
  `${XML_HEAD}<timedtext>${cues
    .map((c) => `<text t="${c.startMs}" d="${c.endMs - c.startMs}">${escapeXml(c.text)}</text>`)
    .join('')}</timedtext>`;

export const toSrv3 = (cues: readonly Cue[]): string =>
  `${XML_HEAD}<timedtext format="3"><body>${cues
    .map((c) => `<p t="${c.startMs}" d="${c.endMs - c.startMs}">${escapeXml(c.text)}</p>`)
    .join('')}</body></timedtext>`;
