import type { Result } from '../../shared/errors';
import { displayCaption } from '../../shared/display-caption';
import type { Post } from '../../shared/post';
import { sanitizeFileName, truncateToBytes } from './sanitize-file-name';

/*
 * The file-name template setting, e.g. `{author} - {caption} [{id}]`. A field without a
 * value disappears together with its brackets and one separator, so a post without an
 * author gives `caption [id]`, not ` - caption [id]`. The extension is appended unless
 * the template places `{ext}` itself. The result is sanitized for every desktop OS.
 */

export const DEFAULT_FILE_NAME_TEMPLATE = '{author} - {caption} [{id}]';
export const FILE_NAME_FIELDS = ['author', 'caption', 'id', 'site', 'date', 'quality', 'ext'] as const;
export type FileNameField = (typeof FILE_NAME_FIELDS)[number];
export type FileNameFields = Partial<Record<FileNameField, string>>;

const FIELD = /\{([^{}]*)\}/g;
// Long fields are capped before assembly, so the id at the end survives the final cap.
const FIELD_BYTES: Readonly<Record<FileNameField, number>> = {
  author: 60,
  caption: 120,
  id: 60,
  site: 30,
  date: 10,
  quality: 20,
  ext: 10,
};
// Marks an empty field while separators are tidied; private-use characters are removed from values.
const GAP = '\uE000';
const BRACKETED_GAP = /[[({]\s*\uE000\s*[\])}]/g;
const SEPARATOR = String.raw`[\s\-_,;·|~–—]*`;
const GAP_RUN = new RegExp(String.raw`\uE000(?:${SEPARATOR}\uE000)+`, 'g');
const LEADING_GAP = new RegExp(String.raw`^\s*\uE000${SEPARATOR}`);
const TRAILING_GAP = new RegExp(String.raw`${SEPARATOR}\uE000\s*$`);
const INNER_GAP = new RegExp(String.raw`(${SEPARATOR})\uE000(${SEPARATOR})`, 'g');

export interface TemplateError {
  code: 'invalid_template';
  message: string;
}

const isField = (name: string): name is FileNameField => (FILE_NAME_FIELDS as readonly string[]).includes(name);

/** Checks a template: every `{…}` names a known field and at least one field is used. */
export function validateFileNameTemplate(template: string): Result<string, TemplateError> {
  const names = [...template.matchAll(FIELD)].map((match) => match[1] ?? '');
  const unknown = names.filter((name) => !isField(name));
  if (unknown.length > 0) {
    return {
      ok: false,
      error: {
        code: 'invalid_template',
        message: `Unknown field ${unknown.map((name) => `{${name}}`).join(', ')}; use ${FILE_NAME_FIELDS.map((name) => `{${name}}`).join(', ')}.`,
      },
    };
  }
  if (names.length === 0) {
    return { ok: false, error: { code: 'invalid_template', message: 'The template needs at least one field, e.g. {caption}.' } };
  }
  return { ok: true, value: template };
}

function fieldValue(fields: FileNameFields, name: FileNameField): string {
  const value = (fields[name] ?? '').replace(/[\p{Cc}\p{Cf}\p{Co}]/gu, ' ').replace(/\s+/gu, ' ').trim();
  return truncateToBytes(value, FIELD_BYTES[name]).trim();
}

function tidyGaps(text: string): string {
  let current = text;
  for (let previous = ''; previous !== current; ) {
    previous = current;
    current = current.replace(BRACKETED_GAP, GAP).replace(GAP_RUN, GAP);
  }
  return current
    .replace(LEADING_GAP, '')
    .replace(TRAILING_GAP, '')
    .replace(INNER_GAP, (_match, before: string, after: string) => (after.length > 0 ? after : before));
}

/** The final, sanitized file name for these fields (falls back to the id, then "untitled"). */
export function renderFileName(template: string, fields: FileNameFields): string {
  const ext = fieldValue(fields, 'ext').replace(/^\.+/, '');
  const id = fieldValue(fields, 'id');
  const used = [...template.matchAll(FIELD)].map((match) => match[1] ?? '').filter(isField);
  const hasContent = used.some((name) => name !== 'ext' && fieldValue(fields, name).length > 0);
  const withExt = (base: string): string => (ext.length > 0 ? `${base}.${ext}` : base);
  if (!hasContent) return sanitizeFileName(withExt(id.length > 0 ? id : 'untitled'));
  const rendered = template.replace(FIELD, (whole, name: string) => {
    if (!isField(name)) return whole;
    const value = name === 'ext' ? ext : fieldValue(fields, name);
    return value.length > 0 ? value : GAP;
  });
  const base = tidyGaps(rendered).replace(/\s+/gu, ' ').trim();
  return sanitizeFileName(used.includes('ext') ? base : withExt(base), { fallback: id });
}

/** The fields a post offers; `quality` and `ext` come from the chosen variant. */
export function fileNameFieldsFromPost(post: Post, extra: { quality?: string; ext?: string } = {}): FileNameFields {
  return {
    author: post.author?.display_name ?? post.author?.username,
    caption: displayCaption(post),
    id: post.id,
    site: post.site,
    date: /^\d{4}-\d{2}-\d{2}/.exec(post.created_at ?? '')?.[0],
    quality: extra.quality,
    ext: extra.ext,
  };
}
