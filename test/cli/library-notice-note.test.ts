import { describe, expect, it } from 'vitest';
import { libraryNoticeNote } from '../../src/cli/library-notice-note';

describe('the start-up note about the library', () => {
  it('says a damaged library was moved aside and names the rebuild command, also when that command runs', () => {
    const notice = { kind: 'corrupt', movedTo: '/data/trove.db.corrupt-2026-11-25T18-04-05', reason: 'The library file is damaged: database disk image is malformed' } as const;
    for (const rebuilding of [false, true]) {
      const note = libraryNoticeNote(notice, rebuilding);
      expect(note).toContain('moved aside to /data/trove.db.corrupt-2026-11-25T18-04-05');
      expect(note).toContain('`trove library rebuild`');
    }
  });

  it('offers the rebuild for a missing library beside a folder with files, except to the rebuild itself', () => {
    const notice = { kind: 'missing', downloadFolder: '/home/me/Downloads/Trove' } as const;
    expect(libraryNoticeNote(notice, false)).toBe(
      'Note: there is no library yet, but /home/me/Downloads/Trove has files in it. Your downloaded files are untouched: `trove library rebuild` rebuilds the library from them (it reads only the files: no credits).',
    );
    expect(libraryNoticeNote(notice, true)).toBeUndefined();
    expect(libraryNoticeNote(undefined, false)).toBeUndefined();
  });
});
