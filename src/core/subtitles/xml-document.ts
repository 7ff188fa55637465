import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { SubtitleFormat } from '../../shared/subtitles';
import { ok, type Result } from '../../shared/errors';
import { decodeEntities } from './cue-text';
import { normalizeSource } from './decode-subtitle-bytes';
import { invalidSubtitles, type SubtitleError } from './subtitle-error';

/*
 * The XML formats (TTML, srv1, srv2, srv3) read through fast-xml-parser in its ordered
 * mode, which keeps mixed content (`Hello <span>big</span><br/>world`) in document order.
 * Namespace prefixes are dropped (`tt:p` → `p`, `ttp:frameRate` → `frameRate`). Entities
 * are decoded here with the full HTML table, because generators write `&nbsp;` into XML.
 */

export interface XmlElement {
  name: string;
  attrs: Readonly<Record<string, string>>;
  children: XmlNode[];
  /** How many elements of the same name come before this one in the document. */
  ordinal: number;
}
export type XmlNode = XmlElement | { text: string };

export interface XmlDocument {
  root: XmlElement;
  /** The 1-based line where an element starts, for error messages. */
  lineOf(element: XmlElement): number | undefined;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  cdataPropName: '#cdata',
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type OrderedNode = Record<string, unknown>;

export function parseXmlDocument(source: string, format: SubtitleFormat): Result<XmlDocument, SubtitleError> {
  const xml = normalizeSource(source);
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    return invalidSubtitles(format, `not well-formed XML (${validation.err.msg})`, validation.err.line);
  }
  const ordinals = new Map<string, number>();
  const nodes = toNodes(parser.parse(xml) as OrderedNode[], ordinals);
  const root = nodes.find(isElement);
  if (!root) return invalidSubtitles(format, 'the document has no root element', 1);
  return ok({ root, lineOf: (element) => elementLine(xml, element) });
}

export const isElement = (node: XmlNode): node is XmlElement => 'name' in node;

/** Elements named `name` below `element`, at any depth, in document order. */
export function descendants(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter(isElement).flatMap((child) => (child.name === name ? [child] : descendants(child, name)));
}

/** Text of an element with `<br/>` as a line break and every other tag's text kept. */
export function textContent(element: XmlElement): string {
  return element.children
    .map((child) => (!isElement(child) ? child.text : child.name === 'br' ? '\n' : textContent(child)))
    .join('');
}

function toNodes(ordered: OrderedNode[], ordinals: Map<string, number>): XmlNode[] {
  return ordered.flatMap((node): XmlNode[] => {
    if ('#text' in node) return [{ text: decodeEntities(String(node['#text'])) }];
    const name = Object.keys(node).find((key) => key !== ':@');
    if (name === undefined) return [];
    const children = node[name] as OrderedNode[];
    // CDATA is literal text: no entities to decode.
    if (name === '#cdata') return children.map((child) => ({ text: String(child['#text'] ?? '') }));
    const ordinal = ordinals.get(name) ?? 0;
    ordinals.set(name, ordinal + 1);
    const rawAttrs = (node[':@'] ?? {}) as Record<string, unknown>;
    const attrs = Object.fromEntries(Object.entries(rawAttrs).map(([key, value]) => [key, decodeEntities(String(value))]));
    return [{ name, attrs, ordinal, children: toNodes(children, ordinals) }];
  });
}

/**
 * fast-xml-parser keeps no positions, so the line is found by counting start tags of the
 * element's name in the source, with comments and CDATA blanked out (line breaks kept).
 */
function elementLine(xml: string, element: XmlElement): number | undefined {
  const masked = xml.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (hidden) => hidden.replace(/[^\n]/g, ' '));
  const escapedName = element.name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
  const startTag = new RegExp(`<(?:[\\w.-]+:)?${escapedName}(?=[\\s/>])`, 'g');
  let seen = 0;
  for (const match of masked.matchAll(startTag)) {
    if (seen === element.ordinal) return masked.slice(0, match.index).split('\n').length;
    seen += 1;
  }
  return undefined;
}
