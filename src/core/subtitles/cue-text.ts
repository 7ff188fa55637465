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
 * Removes the markup that SRT, WebVTT and YouTube's srv1 put inside text: HTML-like tags
 * (`<i>`, `<b>`, `<font color=…>`, `<c.yellow>`, `<v Bob>`), WebVTT timestamp tags
 * (`<00:00:01.000>`), ruby annotations (`<rt>…</rt>`, which would otherwise run into the
 * base text) and ASS override blocks (`{\an8}`); `<br>` becomes a line break.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<rt\b[^<>]*>[^<]*<\/rt\s*>/gi, '')
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    .replace(/<\d[\d:.]*>/g, '')
    .replace(/\{\\[^{}]*\}/g, '');
}

/** Named and numeric character references; only terminated ones (`&amp;`, not `&amp`). */
export function decodeEntities(text: string): string {
  return decodeHTMLStrict(text);
}

/** The text of an SRT or WebVTT cue, or of YouTube's HTML-escaped srv1 text. */
export function plainFromMarkup(text: string): string {
  return normalizeCueText(decodeEntities(stripMarkup(text)));
}

/** Cue text as separate non-empty lines: a blank line would end a cue in SRT and WebVTT. */
export function cueLines(text: string): string[] {
  return text.split(/\r?\n|\r/).filter((line) => line.trim() !== '');
}
