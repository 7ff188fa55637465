import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILE_NAME_TEMPLATE,
  fileNameFieldsFromPost,
  renderFileName,
  validateFileNameTemplate,
} from '../../../src/core/files/file-name-template';
import { portabilityProblems } from './portable-name';

const T = DEFAULT_FILE_NAME_TEMPLATE;

describe('renderFileName', () => {
  it('fills the default template', () => {
    expect(renderFileName(T, { author: 'Ann', caption: 'Sunset', id: 'v1', ext: 'mp4' })).toBe('Ann - Sunset [v1].mp4');
  });

  it('collapses empty fields with their separators and brackets', () => {
    expect(renderFileName(T, { caption: 'Sunset', id: 'v1', ext: 'mp4' })).toBe('Sunset [v1].mp4');
    expect(renderFileName(T, { author: 'Ann', id: 'v1', ext: 'mp4' })).toBe('Ann [v1].mp4');
    expect(renderFileName(T, { author: 'Ann', caption: 'Sunset', ext: 'mp4' })).toBe('Ann - Sunset.mp4');
    expect(renderFileName('{date} - {author} - {caption} ({quality})', { caption: 'Sunset', ext: 'webm' })).toBe('Sunset.webm');
    expect(renderFileName('{site}_{author}_{id}', { site: 'video', id: 'v1' })).toBe('video_v1');
    expect(renderFileName('{author} - {date} - {site} - {caption}', { author: 'Ann', caption: 'Sunset' })).toBe('Ann - Sunset');
    expect(renderFileName('{caption} ([{quality}])', { caption: 'Sunset' })).toBe('Sunset');
  });

  it('falls back to the id, then "untitled", when no field has a value', () => {
    expect(renderFileName(T, { id: 'v1', ext: 'mp4' })).toBe('[v1].mp4');
    expect(renderFileName('{author} - {caption}', { id: 'v1', ext: 'mp4' })).toBe('v1.mp4');
    expect(renderFileName(T, { ext: 'mp4' })).toBe('untitled.mp4');
    expect(renderFileName(T, { caption: '///', id: 'v1', ext: 'mp4' })).toBe('_ [v1].mp4');
    expect(renderFileName('{caption}', { caption: '???', id: 'v1', ext: 'mp4' })).toBe('v1.mp4');
  });

  it('puts the extension where the template says, or at the end', () => {
    expect(renderFileName('{id}.{ext}', { id: 'v1', ext: 'mp3' })).toBe('v1.mp3');
    expect(renderFileName('{id}', { id: 'v1', ext: '.mp3' })).toBe('v1.mp3');
    expect(renderFileName('{id}', { id: 'v1' })).toBe('v1');
  });

  it('sanitizes hostile values without letting them act as template syntax or paths', () => {
    const name = renderFileName(T, { author: '../../etc', caption: 'a/b\\c {id}\u202e', id: 'CON', ext: 'mp4' });
    expect(name).toBe('_.._etc - a_b_c {id} [CON].mp4');
    expect(portabilityProblems(name)).toEqual([]);
  });

  it('keeps the id when a long caption is cut', () => {
    const name = renderFileName(T, { author: 'Ann', caption: '長'.repeat(300), id: 'v1', ext: 'mp4' });
    expect(name.endsWith(' [v1].mp4')).toBe(true);
    expect(portabilityProblems(name)).toEqual([]);
  });

  it('turns a multi-line caption into one line', () => {
    expect(renderFileName('{caption}', { caption: 'first\nsecond\r\n\tthird' })).toBe('first second third');
  });
});

describe('validateFileNameTemplate', () => {
  it('accepts known fields', () => {
    expect(validateFileNameTemplate(T).ok).toBe(true);
  });
  it('rejects unknown fields and field-less templates with a clear message', () => {
    const unknown = validateFileNameTemplate('{author} {title}');
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error.message).toContain('{title}');
    expect(validateFileNameTemplate('video').ok).toBe(false);
  });
});

describe('fileNameFieldsFromPost', () => {
  it('uses the display caption rule and the author display name', () => {
    const fields = fileNameFieldsFromPost(
      {
        id: 'p1',
        site: 'video',
        title: 'The title',
        text: 'The body',
        created_at: '2024-05-06T07:08:09Z',
        author: { username: 'ann', display_name: 'Ann A.' },
        medias: [],
      },
      { quality: '720p', ext: 'mp4' },
    );
    expect(fields).toEqual({ author: 'Ann A.', caption: 'The title', id: 'p1', site: 'video', date: '2024-05-06', quality: '720p', ext: 'mp4' });
    expect(renderFileName(T, fields)).toBe('Ann A. - The title [p1].mp4');
  });

  it('falls back to text and username', () => {
    const fields = fileNameFieldsFromPost({ id: 'p2', text: 'Only text', author: { username: 'bob' }, medias: [] }, { ext: 'jpg' });
    expect(renderFileName(T, fields)).toBe('bob - Only text [p2].jpg');
  });
});
