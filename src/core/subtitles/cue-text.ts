import { decodeHTMLStrict } from 'entities';

/*
 * Cue text is plain: styling removed, lines joined by "\n", entities decoded. Every parser
 * ends with normalizeCueText so that the same track reads the same from every format.
 */

/** Trims each line, collapses runs of spaces and tabs, drops empty lines. */
export function normalizeCueText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').replace(/^ | $/g, ''))
    .filter((line) => line !== '')
    .join('\n');
}

/**
 * The tag names SRT and WebVTT files use for styling, voices and ruby. Only these are
 * markup: SRT cannot escape `<`, so `<sigh>` or `<sample>` in an SRT file is text.
 */
const TAG_NAMES = 'b|i|u|s|c|v|font|lang|ruby|rt|rp|span|br';
const MARKUP_TAG = new RegExp(`<\\/?(?:${TAG_NAMES})(?=[\\s./>])[^<>]*>`, 'gi');
/** WebVTT's karaoke timestamps inside cue text: `<00:00:01.000>`. */
const TIMESTAMP_TAG = /<\d[\d:.]*>/g;

/** Where a `<` starts something stripMarkup would remove: writers escape it there. */
export const MARKUP_START = new RegExp(`<(?=\\/?(?:${TAG_NAMES})(?:[\\s./>]|$)|\\d[\\d:.]*>)`, 'gi');

/**
 * Removes the markup that SRT, WebVTT and YouTube's srv1 put inside text: styling and
 * voice tags (`<i>`, `<b>`, `<font color=…>`, `<c.yellow>`, `<v Bob>`), karaoke
 * timestamps, ruby annotations (`<rt>…</rt>`, which would otherwise run into the base
 * text) and ASS override blocks (`{\an8}`); `<br>` becomes a line break.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<rt\b[^<>]*>[^<]*<\/rt\s*>/gi, '')
    .replace(MARKUP_TAG, '')
    .replace(TIMESTAMP_TAG, '')
    .replace(/\{\\[^{}]*\}/g, '');
}

/** Named and numeric character references; only terminated ones (`&amp;`, not `&amp`). */
export function decodeEntities(text: string): string {
  return decodeHTMLStrict(text);
}

/** The text of an SRT or WebVTT cue, or of YouTube's HTML-escaped srv1 text. */
export function plainFromMarkup(text: string): string {
  // most cues have neither markup nor entities: indexing a library parses millions of them
  return normalizeCueText(/[<&{]/.test(text) ? decodeEntities(stripMarkup(text)) : text);
}

/** Cue text as separate non-empty lines: a blank line would end a cue in SRT and WebVTT. */
export function cueLines(text: string): string[] {
  return text.split(/\r?\n|\r/).filter((line) => line.trim() !== '');
}
